import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { imageVersion } from '../../functions/_lib/courses/certificate-image-version.ts';
import { certificateImageKey, certificateKey } from '../../functions/_lib/courses/progress-keys.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import imageFn from '../../functions/certificate-image.ts';
import pageFn from '../../functions/certificate-page.ts';
import { site } from '../../site/lib/site.ts';

// A certificate's public page and its preview image (docs/courses.md) on real Redis: a stored record
// is shown with every stored string escaped and the tags social sites read; an address that names no
// certificate (unknown, malformed, withdrawn) is a 404; the image is a 1200×630 PNG.

const { store } = getDeps();
const ORIGIN = 'https://certs.example';
const written: string[] = [];

const newId = () => randomBytes(15).toString('base64url');

async function issue(fields: { name?: string; courseTitle?: string; issuedAt?: number } = {}) {
  const record = {
    id: newId(),
    course: 'penny-stock-essentials',
    courseTitle: fields.courseTitle ?? 'Penny Stock Essentials',
    name: fields.name ?? 'Ada Lovelace',
    issuedAt: fields.issuedAt ?? Date.UTC(2026, 10, 25, 23, 30),
  };
  await store.set(certificateKey(record.id), JSON.stringify(record));
  written.push(certificateKey(record.id));
  return record;
}

afterAll(async () => {
  if (written.length) await store.del(...written);
});

/** This file's client: the page and image are rate-limited per client address. */
const CLIENT = { 'x-nf-client-connection-ip': `198.51.100.${Math.floor(Math.random() * 250)}:${newId()}` };

/** Calls the handler as Netlify does: the address's `:id` in context.params. */
function getPage(id: string, method = 'GET', headers: Record<string, string> = CLIENT) {
  return pageFn(new Request(`${ORIGIN}/certificates/${id}`, { method, headers }), { params: { id } });
}
function getImage(id: string, query = '', headers: Record<string, string> = CLIENT) {
  return imageFn(new Request(`${ORIGIN}/certificates/${id}/preview.png${query}`, { headers }), {
    params: { id },
  });
}

const meta = (html: string, attr: 'property' | 'name', key: string) =>
  new RegExp(`<meta ${attr}="${key}" content="([^"]*)">`).exec(html)?.[1];

describe('GET /certificates/{id}', () => {
  it('shows a stored certificate: site, name, course linked, date, address, cached a minute', async () => {
    const record = await issue();
    const response = await getPage(record.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await response.text();
    const url = `${ORIGIN}/certificates/${record.id}`;
    expect(html).toContain(`<p class="site"><a href="/">${site.name}</a></p>`);
    expect(html).toContain('<h1>Certificate of completion</h1>');
    expect(html).toContain('<p class="name">Ada Lovelace</p>');
    expect(html).toContain('<a href="/courses/penny-stock-essentials">Penny Stock Essentials</a>');
    expect(html).toContain('<time datetime="2026-11-25">25 November 2026</time>');
    expect(html).toContain('Anyone can verify this certificate at this address:');
    expect(html).toContain(`<p class="address">${url}</p>`);
    expect(html).not.toMatch(/<script/i);
  });

  it('carries the title, description, canonical link, Open Graph and Twitter card tags', async () => {
    const record = await issue();
    const html = await (await getPage(record.id)).text();
    const url = `${ORIGIN}/certificates/${record.id}`;
    expect(html).toContain(
      `<title>Ada Lovelace: Penny Stock Essentials | Certificate of completion | ${site.name}</title>`,
    );
    expect(meta(html, 'name', 'description')).toContain(
      'Ada Lovelace completed the course Penny Stock Essentials',
    );
    expect(html).toContain(`<link rel="canonical" href="${url}">`);
    expect(meta(html, 'property', 'og:title')).toContain('Ada Lovelace');
    expect(meta(html, 'property', 'og:description')).toContain('Penny Stock Essentials');
    expect(meta(html, 'property', 'og:url')).toBe(url);
    const image = `${url}/preview.png?v=${imageVersion(record)}`;
    expect(meta(html, 'property', 'og:image')).toBe(image);
    expect(meta(html, 'property', 'og:image:width')).toBe('1200');
    expect(meta(html, 'property', 'og:image:height')).toBe('630');
    expect(meta(html, 'name', 'robots')).toBe('noindex');
    expect(meta(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'name', 'twitter:image')).toBe(image);
  });

  it('prints on one landscape page: a @page rule and a print stylesheet that keeps the certificate whole', async () => {
    const html = await (await getPage((await issue()).id)).text();
    expect(html).toMatch(/@page\{size:landscape;margin:\d+mm\}/);
    const print = /@media print\{([\s\S]*)\}\s*<\/style>/.exec(html)?.[1] ?? '';
    expect(print).toMatch(/\.certificate\{[^}]*height:180mm;overflow:hidden;break-inside:avoid/);
  });

  it('escapes every stored string: a name with <script>, quotes and &', async () => {
    const name = 'Eve <script>alert(1)</script> "the" & \'co\'';
    const record = await issue({ name, courseTitle: 'Risk <b>& "more"' });
    const html = await (await getPage(record.id)).text();
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(
      '<p class="name">Eve &lt;script&gt;alert(1)&lt;/script&gt; &quot;the&quot; &amp; &#39;co&#39;</p>',
    );
    expect(html).toContain('Risk &lt;b&gt;&amp; &quot;more&quot;</a>');
    // Inside attributes too: no value of a meta tag is cut short by the stored quotes.
    expect(meta(html, 'property', 'og:title')).toBe(
      'Eve &lt;script&gt;alert(1)&lt;/script&gt; &quot;the&quot; &amp; &#39;co&#39;: Risk &lt;b&gt;&amp; &quot;more&quot; | Certificate of completion | OTC Edge',
    );
  });

  it('sends its own security headers, allowing its inline style only', async () => {
    const response = await getPage((await issue()).id);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-/);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });

  it.each([
    ['an unknown id', () => newId()],
    ['a malformed id', () => '../x'],
    ['a 200-character id', () => 'a'.repeat(200)],
    ['an id one character short', () => newId().slice(1)],
  ])('answers %s with 404 and the withdrawn message', async (_what, id) => {
    const response = await getPage(id());
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain('No certificate at this address: it may have been withdrawn');
  });

  it('answers a withdrawn (deleted) certificate with 404', async () => {
    const record = await issue();
    expect((await getPage(record.id)).status).toBe(200);
    await store.del(certificateKey(record.id));
    expect((await getPage(record.id)).status).toBe(404);
  });

  it('answers 404 for a stored value that is not a certificate record', async () => {
    const id = newId();
    written.push(certificateKey(id));
    await store.set(certificateKey(id), JSON.stringify({ id, name: 'No course' }));
    expect((await getPage(id)).status).toBe(404);
    await store.set(certificateKey(id), '{not json');
    expect((await getPage(id)).status).toBe(404);
  });

  it('reads the id from the URL when the host passes no params', async () => {
    const record = await issue();
    const response = await pageFn(new Request(`${ORIGIN}/certificates/${record.id}`));
    expect(response.status).toBe(200);
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s with 405', async (method) => {
    const response = await getPage((await issue()).id, method);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('GET /certificates/{id}/preview.png', () => {
  it('answers a 1200×630 PNG, cached like the page', async () => {
    const record = await issue({ name: 'Zoë <O\'Brien> & "Co"' });
    const response = await getImage(record.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const png = Buffer.from(await response.arrayBuffer());
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // The first chunk is IHDR: length (4 bytes), type, then width and height (big-endian).
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
  }, 30_000);

  it('answers 404 for an absent or malformed certificate', async () => {
    for (const id of [newId(), '..', 'a'.repeat(200)]) {
      const response = await getImage(id);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('is drawn once per version and kept: the versioned address is cached a year; a rename draws anew', async () => {
    const record = await issue({ name: 'Kept Once' });
    const version = imageVersion(record);
    const first = await getImage(record.id, `?v=${version}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const bytes = Buffer.from(await first.arrayBuffer());
    const kept = await store.get<string>(certificateImageKey(record.id));
    expect(kept?.startsWith(`${version}:`)).toBe(true);
    // Served from the store: what is kept is what is sent (a marker proves no drawing happened).
    const marker = Buffer.from('kept, not drawn');
    await store.set(certificateImageKey(record.id), `${version}:${marker.toString('base64')}`);
    written.push(certificateImageKey(record.id));
    expect(Buffer.from(await (await getImage(record.id, `?v=${version}`)).arrayBuffer())).toEqual(marker);
    // An old or missing version is the latest picture, cached a minute.
    expect((await getImage(record.id, '?v=old')).headers.get('cache-control')).toBe('public, max-age=60');
    // Renamed: a new version, drawn again, replacing the kept one.
    const renamed = { ...record, name: 'Kept Twice' };
    await store.set(certificateKey(record.id), JSON.stringify(renamed));
    const again = await getImage(record.id, `?v=${imageVersion(renamed)}`);
    expect(imageVersion(renamed)).not.toBe(version);
    expect(
      Buffer.from(await again.arrayBuffer())
        .subarray(1, 4)
        .toString('ascii'),
    ).toBe('PNG');
    expect(
      (await store.get<string>(certificateImageKey(record.id)))?.startsWith(`${imageVersion(renamed)}:`),
    ).toBe(true);
    expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
  }, 30_000);
});

describe('a client asking in a loop', () => {
  it('is refused with 429 after 60 a minute, page and image alike, before the store is read; others are not', async () => {
    const record = await issue();
    const client = { 'x-nf-client-connection-ip': `203.0.113.7:${newId()}` };
    const answers = await Promise.all(Array.from({ length: 60 }, () => getPage(record.id, 'GET', client)));
    expect(answers.map((a) => a.status)).toEqual(Array(60).fill(200));
    const page = await getPage(record.id, 'GET', client);
    expect(page.status).toBe(429);
    expect(page.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await page.text()).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    const image = await getImage(record.id, '', client);
    expect(image.status).toBe(429);
    expect(image.headers.get('cache-control')).toBe('no-store');
    // Another client is served.
    expect((await getPage(record.id)).status).toBe(200);
  }, 30_000);
});
