import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator } from '@playwright/test';
import { loadArticles } from '../../functions/_lib/articles/content.ts';
import { previewText } from '../../functions/_lib/articles/rules.ts';
import { api } from '../../functions/_lib/contract/index.ts';
import { fingerprints, words } from './support/leak-text.ts';
import { signInNewMember } from './support/members.ts';
import { scriptsOf } from './support/scripts.ts';
import { expect, test } from './support/test.ts';

// Articles as visitors and members get them: the static list and pages, 'Get Full Access', the
// members-only reader, and no members-only body anywhere a visitor can reach.

const root = fileURLToPath(new URL('../..', import.meta.url));
const articles = loadArticles(root);
const free = articles.filter((article) => article.free);
const memberOnly = articles.filter((article) => !article.free);
// Articles with an image in the body where there is one (docs/product.md §2: body images take the full width).
const withImage = (list: typeof articles) => list.find((article) => article.body.includes('<img')) ?? list[0];
const freeArticle = withImage(free);
const memberArticle = withImage(memberOnly);
if (!freeArticle || !memberArticle)
  throw new Error('content/articles needs a free and a members-only article');

/** Body images are as wide as the body. */
async function expectFullWidthImages(body: Locator) {
  const widths = await body.evaluate((element) => ({
    body: element.getBoundingClientRect().width,
    images: [...element.querySelectorAll('img')].map((img) => img.getBoundingClientRect().width),
  }));
  expect(widths.images.length).toBeGreaterThan(0);
  for (const width of widths.images) expect(width).toBeCloseTo(widths.body, 0);
}

const leaksIn = (text: string) => {
  const haystack = ` ${words(text)} `;
  return memberOnly.flatMap((article) =>
    fingerprints(article.body)
      .filter((sentence) => haystack.includes(` ${sentence} `))
      .map((sentence) => `${article.slug}: "${sentence}"`),
  );
};

test.describe('the article list', () => {
  test('features the newest article, lists the others newest first, with 140-character previews', async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, '/articles');
    await expect(page).toHaveTitle('Articles | OTC Edge');
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();
    expect(scripts).toEqual([]);

    const cards = page.locator('[data-article-card]');
    await expect(cards).toHaveCount(articles.length);
    const [newest, ...rest] = articles;
    const featured = cards.first();
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText(newest?.title ?? '');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(rest.map((a) => a.title));

    for (const [index, article] of articles.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('link')).toHaveAttribute('href', `/articles/${article.slug}`);
      await expect(card.locator('p').last()).toHaveText(previewText(article.preview));
      await expect(card.getByText(article.free ? 'Free' : 'Members', { exact: true })).toBeVisible();
      await expect(card.locator('time')).toHaveAttribute('datetime', article.date);
    }
    // docs/product.md §2: previews cut to 140 characters plus an ellipsis.
    const previews = await cards.locator('p:last-child').allTextContents();
    expect(previews.some((text) => text.endsWith('…'))).toBe(true);
    for (const text of previews) expect(Array.from(text.replace(/…$/, '')).length).toBeLessThanOrEqual(140);
  });

  test('a card opens its article; visitors get Get Full Access under the list', async ({ page }) => {
    await page.goto('/articles');
    await expect(page.getByRole('heading', { level: 2, name: 'Get Full Access' })).toBeVisible();
    await page.getByRole('link', { name: memberArticle.title }).click();
    await expect(page).toHaveURL(new RegExp(`/articles/${memberArticle.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: memberArticle.title })).toBeVisible();
  });
});

test.describe('a free article', () => {
  test('is a complete static page: title, preview, cover, body, promo, Get Full Access, no script', async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, `/articles/${freeArticle.slug}`);
    expect(scripts).toEqual([]);
    await expect(page).toHaveTitle(`${freeArticle.title} | OTC Edge`);
    await expect(page.getByRole('heading', { level: 1, name: freeArticle.title })).toBeVisible();
    await expect(page.locator('.lead')).toHaveText(freeArticle.preview);

    const cover = page.getByRole('img', { name: freeArticle.imgAlt });
    await expect(cover).toHaveAttribute('src', freeArticle.img);
    expect(await cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    const body = page.locator('.article-body');
    const firstSentence = fingerprints(freeArticle.body)[0] ?? '';
    expect(words((await body.textContent()) ?? '')).toContain(firstSentence);
    await expect(page.getByRole('complementary', { name: 'Also from us' })).toContainText('OTC Filings');

    const access = page.locator('[data-full-access]');
    await expect(access.getByRole('heading', { name: 'Get Full Access' })).toBeVisible();
    await expect(access.getByRole('link', { name: 'Join Now' })).toHaveAttribute(
      'href',
      '/callback?login=signup',
    );
    await expect(access.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/callback?login=signin',
    );
  });

  test('images in the body take its full width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/articles/${freeArticle.slug}`);
    await expectFullWidthImages(page.locator('.article-body'));
  });

  test('carries its canonical address, social preview and structured data', async ({ page }) => {
    await page.goto(`/articles/${freeArticle.slug}`);
    const canonical = `https://otcedge.app/articles/${freeArticle.slug}`;
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      `https://otcedge.app${freeArticle.img}`,
    );
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'Article',
      headline: freeArticle.title,
      datePublished: freeArticle.date,
      isAccessibleForFree: true,
    });
  });
});

test.describe('a members-only article', () => {
  test('shows a visitor its title, preview and cover, then Get Full Access instead of the body', async ({
    page,
  }) => {
    const scripts = await scriptsOf(page, `/articles/${memberArticle.slug}`);
    await expect(page).toHaveTitle(`${memberArticle.title} | OTC Edge`);
    await expect(page.getByRole('heading', { level: 1, name: memberArticle.title })).toBeVisible();
    await expect(page.locator('.lead')).toHaveText(memberArticle.preview);
    await expect(page.getByRole('img', { name: memberArticle.imgAlt })).toBeVisible();
    await expect(page.getByText('Members', { exact: true })).toBeVisible();

    const access = page.locator('[data-full-access]');
    await expect(access.getByRole('heading', { name: 'Get Full Access' })).toBeVisible();
    await expect(access).toContainText('This article is for members.');
    await expect(access.getByRole('link', { name: 'Join Now' })).toHaveAttribute(
      'href',
      '/callback?login=signup',
    );
    await expect(page.locator('[data-member-article]')).toBeHidden();
    expect(leaksIn(await page.content())).toEqual([]);

    // Only the reader's small loader: no framework, and well inside the 5 KB budget (docs/benchmarks.md).
    expect(scripts.reduce((sum, script) => sum + script.bytes, 0)).toBeLessThanOrEqual(5 * 1024);
    const html = await (await page.request.get(`/articles/${memberArticle.slug}`)).text();
    expect(html).not.toContain('data-member-app');
    expect(html.toLowerCase()).not.toContain('react');
  });

  test('a signed-in member reads the body there, without Get Full Access', async ({ page }) => {
    await signInNewMember(page);
    await page.goto(`/articles/${memberArticle.slug}`);
    const body = page.locator('[data-member-article] .article-body');
    await expect(body).toBeVisible();
    const sentences = fingerprints(memberArticle.body);
    expect(words((await body.textContent()) ?? '')).toContain(sentences.at(-1));
    await expectFullWidthImages(body);
    await expect(page.locator('[data-full-access]')).toBeHidden();
    await expect(page).toHaveTitle(`${memberArticle.title} | OTC Edge`);
    expect(new URL(page.url()).pathname).toBe(`/articles/${memberArticle.slug}`);

    // A free article needs no loading for members, and shows them no sales block either.
    await page.goto(`/articles/${freeArticle.slug}`);
    await expect(page.locator('.article-body')).toBeVisible();
    await expect(page.locator('[data-full-access]')).toBeHidden();
  });
});

test('an address that is no article lands on /', async ({ page }) => {
  await page.goto('/articles/no_such_article');
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
});

test('the sitemap lists every public page and article, and robots.txt points to it', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const locations = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  for (const pathname of [
    '/',
    '/features',
    '/faq',
    '/media',
    '/terms',
    '/privacy',
    '/disclaimer',
    '/disclosure',
  ]) {
    expect(locations).toContain(`https://otcedge.app${pathname}`);
  }
  expect(locations).toContain('https://otcedge.app/articles');
  for (const article of articles) expect(locations).toContain(`https://otcedge.app/articles/${article.slug}`);
  expect(locations.some((loc) => /\/(app|api|callback|404)\b/.test(loc ?? ''))).toBe(false);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Sitemap: https://otcedge.app/sitemap.xml');
  expect(robots).toContain('Disallow: /api/');
});

test.describe('no members-only body reaches a visitor', () => {
  test('the detector finds a free body where it is published (control)', async ({ request }) => {
    const html = await (await request.get(`/articles/${freeArticle.slug}`)).text();
    const haystack = ` ${words(html)} `;
    const sentences = fingerprints(freeArticle.body);
    expect(sentences.length).toBeGreaterThan(5);
    for (const sentence of sentences) expect(haystack).toContain(` ${sentence} `);
    expect(fingerprints(memberArticle.body).length).toBeGreaterThan(5);
  });

  test('in any file the site publishes: pages, scripts, styles, sitemap, robots.txt', async ({ request }) => {
    const dist = path.join(root, 'dist');
    const files = (readdirSync(dist, { recursive: true }) as string[])
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => /\.(html|js|mjs|css|xml|txt|json|svg|webmanifest)$/.test(file));
    expect(files).toContain('sitemap.xml');
    expect(files.filter((file) => file.endsWith('.html')).length).toBeGreaterThanOrEqual(articles.length + 8);
    expect(files.some((file) => file.startsWith('_astro/') && file.endsWith('.js'))).toBe(true);

    const leaks: string[] = [];
    for (const file of files) {
      // Fetched over HTTP, as a visitor gets it (and the page's own address for each index.html).
      const urls = [
        `/${file}`,
        ...(file.endsWith('index.html') ? [`/${file.replace(/index\.html$/, '')}`] : []),
      ];
      for (const url of urls) {
        const response = await request.get(url, { maxRedirects: 0 });
        leaks.push(...leaksIn(await response.text()).map((leak) => `${url} → ${leak}`));
      }
    }
    expect(leaks).toEqual([]);
  });

  test('in any API answer to a caller without a token', async ({ request }) => {
    const leaks: string[] = [];
    for (const [name, entry] of Object.entries(api)) {
      const response =
        entry.method === 'GET'
          ? await request.get(`/api/${name}`)
          : await request.fetch(`/api/${name}`, {
              method: entry.method,
              headers: { 'content-type': 'application/json' },
              data: '{}',
            });
      leaks.push(
        ...leaksIn(await response.text()).map((leak) => `/api/${name} (${response.status()}) → ${leak}`),
      );
    }
    expect(leaks).toEqual([]);
    const freeAnswer = await (await request.post('/api/articles/free')).json();
    expect(freeAnswer.articles.map((a: { slug: string }) => a.slug)).toEqual(free.map((a) => a.slug));
    expect((await request.post('/api/articles')).status()).toBe(401);
  });
});
