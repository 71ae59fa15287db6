import { describe, expect, it } from 'vitest';
import { listArticlesFor, listFreeArticles } from '../../functions/_lib/articles/articles.ts';
import { loadArticles } from '../../functions/_lib/articles/content.ts';
import { type Article, api } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import articles from '../../functions/articles.ts';
import articlesFree from '../../functions/articles-free.ts';
import { activeMembership, signedIn } from '../support/members.ts';
import { post } from '../support/requests.ts';
import { authHeader } from '../support/tokens.ts';

// The functions serve the bundle the build wrote from content/articles (the global setup writes it).
const content = loadArticles();
const memberOnly = content.filter((article) => !article.free);

describe('POST /api/articles/free (public)', () => {
  it('answers every free article with its body, newest first, to a visitor', async () => {
    const response = await articlesFree(post('/api/articles/free'));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = api['articles/free'].response.parse(await response.json());
    expect(body.articles).toEqual(content.filter((article) => article.free));
    expect(body.articles.length).toBeGreaterThan(0);
  });

  it('never carries a members-only article, nor any of its text', async () => {
    const text = await (await articlesFree(post('/api/articles/free', {}))).text();
    expect(memberOnly.length).toBeGreaterThan(0);
    for (const article of memberOnly) {
      expect(text).not.toContain(article.slug);
      expect(text).not.toContain(JSON.stringify(article.body).slice(1, 80));
    }
  });

  it('ignores the custID the member app adds and refuses other methods', async () => {
    expect((await articlesFree(post('/api/articles/free', { custID: 'cus_123' }))).status).toBe(200);
    const get = await articlesFree(new Request('http://localhost/api/articles/free'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('POST /api/articles (members)', () => {
  it('answers a signed-in user without a membership with 403 redirect: true and no article', async () => {
    const { headers } = await signedIn(getDeps().store, null);
    const response = await articles(post('/api/articles', {}, headers));
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'An active membership is required', redirect: true });
    for (const article of memberOnly) expect(text).not.toContain(article.title);
  });

  it('answers every article with its body to a member, newest first', async () => {
    const { headers } = await signedIn(getDeps().store, activeMembership());
    const response = await articles(post('/api/articles', {}, headers));
    expect(response.status).toBe(200);
    const body = api.articles.response.parse(await response.json());
    expect(body.articles).toEqual(content);
    for (const article of memberOnly) {
      expect(body.articles.find((a) => a.slug === article.slug)?.body).toBe(article.body);
    }
  });

  it.each([
    ['no token', {}],
    ['an expired token', 'expired'],
    ['a token for another audience', 'audience'],
  ] as const)('answers 401 and no article to %s', async (_case, kind) => {
    const headers =
      kind === 'expired'
        ? await authHeader({ expiresIn: -120 })
        : kind === 'audience'
          ? await authHeader({ audience: 'https://someone-else.example' })
          : kind;
    const response = await articles(post('/api/articles', {}, headers));
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Sign in to continue' });
    for (const article of memberOnly) expect(text).not.toContain(article.title);
  });

  it('rejects a malformed body before doing anything else', async () => {
    const response = await articles(post('/api/articles', '{"custID":', await authHeader()));
    expect(response.status).toBe(400);
  });
});

describe('the article domain', () => {
  const sample = (slug: string, free: boolean): Article => ({
    slug,
    title: slug,
    preview: 'p',
    img: '/images/articles/x.webp',
    imgAlt: 'x',
    date: '2026-01-01',
    free,
    body: `<p>${slug}</p>`,
  });
  const library = {
    articles: [sample('a', false), sample('b', true), sample('c', false), sample('d', true)],
  };

  it('gives visitors the free articles only, in library order', () => {
    expect(listFreeArticles(library).map((a) => a.slug)).toEqual(['b', 'd']);
  });

  it('gives a member every article, as a copy the caller may not change the library through', () => {
    const list = listArticlesFor(library, { sub: 'auth0|m', email: null, customerId: null });
    expect(list.map((a) => a.slug)).toEqual(['a', 'b', 'c', 'd']);
    list.pop();
    expect(library.articles).toHaveLength(4);
  });
});
