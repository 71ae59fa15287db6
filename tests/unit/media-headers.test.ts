import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/local/redis.ts';
import { startServer } from '../../scripts/local/server.ts';
import { MEDIA_FOLDERS } from '../../site/cms/collections.ts';
import { headersFile } from '../../site/integrations/security-headers.ts';
import {
  contentSecurityPolicy,
  editorContentSecurityPolicy,
  MEDIA_CONTENT_SECURITY_POLICY,
} from '../../site/lib/content-security-policy.ts';
import { HTML, PNG } from '../support/image-files.ts';

/**
 * The editor's uploaded images are served as images, never as documents: nosniff and a sandboxing
 * policy of their own, not the pages' policy, by the deploy's rules (netlify.toml, dist/_headers) and
 * by the local server applying them (scripts/local/server.ts), here on a site of a few files.
 */
const toml = readFileSync(new URL('../../netlify.toml', import.meta.url), 'utf8');
const pagesPolicy = contentSecurityPolicy({
  inlineScriptHashes: ['abc='],
  authOrigin: null,
  stripe: false,
  rewardful: false,
  frameOrigins: [],
});
const headers = headersFile(pagesPolicy, editorContentSecurityPolicy('git-gateway'));

describe('the media rule', () => {
  it.each(MEDIA_FOLDERS.map((media) => media.publicPath))(
    'netlify.toml gives %s/* the sandboxing policy',
    (at) => {
      const rule = new RegExp(
        `\\[\\[headers\\]\\]\\s+for = "${at}/\\*"\\s+\\[headers\\.values\\]\\s+Content-Security-Policy = "([^"]+)"`,
      );
      expect(toml.match(rule)?.[1]).toBe(MEDIA_CONTENT_SECURITY_POLICY);
      expect(toml).toMatch(/for = "\/\*"\s+\[headers\.values\]\s+X-Content-Type-Options = "nosniff"/);
    },
  );

  it('dist/_headers states it after the pages’ and the editor’s policies, so it is the one applied', () => {
    const rules = headers.split(/\n(?=\/)/).map((rule) => rule.split('\n')[0]);
    expect(rules).toEqual(['/*', '/admin/*', ...MEDIA_FOLDERS.map((media) => `${media.publicPath}/*`)]);
    expect(headers).toContain(
      `/images/articles/*\n  Content-Security-Policy: ${MEDIA_CONTENT_SECURITY_POLICY}\n`,
    );
    expect(MEDIA_CONTENT_SECURITY_POLICY.split('; ')).toEqual([
      "default-src 'none'",
      "img-src 'self'",
      "style-src 'unsafe-inline'",
      "frame-ancestors 'none'",
      'sandbox',
    ]);
  });
});

describe('the local server', () => {
  let root: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'otc-media-site-'));
    copyFileSync(new URL('../../netlify.toml', import.meta.url), path.join(root, 'netlify.toml'));
    mkdirSync(path.join(root, 'functions'));
    mkdirSync(path.join(root, 'dist/images/articles'), { recursive: true });
    mkdirSync(path.join(root, 'dist/faq'));
    writeFileSync(path.join(root, 'dist/_headers'), headers);
    writeFileSync(path.join(root, 'dist/faq/index.html'), '<!doctype html><title>FAQ</title>\n');
    writeFileSync(path.join(root, 'dist/404.html'), '<!doctype html><title>Not found</title>\n');
    writeFileSync(path.join(root, 'dist/images/articles/cover.png'), PNG);
    // Had one slipped past the upload and build checks: still no document of the site's origin.
    writeFileSync(path.join(root, 'dist/images/articles/page.png'), HTML);
    writeFileSync(path.join(root, 'dist/images/articles/page.html'), HTML);
    server = await startServer({ root, port: await freePort() });
  }, 60_000);

  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['an image', '/images/articles/cover.png', 'image/png'],
    ['an HTML page named .png', '/images/articles/page.png', 'image/png'],
    ['an HTML page', '/images/articles/page.html', 'text/html'],
  ])('serves %s with nosniff and the sandboxing policy only', async (_, at, type) => {
    const answer = await fetch(`${server.url}${at}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain(type);
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
    expect(answer.headers.get('content-security-policy')).toBe(MEDIA_CONTENT_SECURITY_POLICY);
  });

  it('keeps the pages’ policy on the pages', async () => {
    const answer = await fetch(`${server.url}/faq/`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe(pagesPolicy);
  });
});
