import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api } from '../../functions/_lib/contract/index.ts';
import { SESSION_COOKIE } from '../../member-app/auth/session.ts';
import { isMemberPath, memberSections } from '../../member-app/member-paths.ts';
import { pageTitle } from '../../site/lib/site.ts';
import { NON_API_FUNCTIONS } from '../support/functions.ts';

const root = new URL('../../', import.meta.url);
// The /api functions; the page functions (certificates) are checked in their own tests.
const functionFiles = readdirSync(new URL('functions/', root)).filter(
  (f) => f.endsWith('.ts') && !NON_API_FUNCTIONS.has(f),
);

describe('functions/ and the contract', () => {
  it.each(functionFiles)(
    '%s is served at the path the contract names, with the contract method',
    async (file) => {
      const mod = await import(new URL(`functions/${file}`, root).href);
      const name = file.replace(/\.ts$/, '').replaceAll('-', '/') as keyof typeof api;
      expect(api[name], `contract.ts has no entry "${name}"`).toBeDefined();
      expect(mod.config.path).toBe(`/api/${name}`);
      // Bound to its own entry (the webhook verifies its raw body itself and has none).
      if (name !== 'billing/webhook')
        expect(mod.default.entry, `${file} serves another entry`).toBe(api[name]);
      const wrongMethod = api[name].method === 'GET' ? 'POST' : 'GET';
      const response: Response = await mod.default(
        new Request(`http://localhost/api/${name}`, { method: wrongMethod }),
      );
      expect(response.status).toBe(405);
    },
  );

  it('every contract entry has its function', () => {
    expect(Object.keys(api).sort()).toEqual(
      functionFiles.map((f) => f.replace(/\.ts$/, '').replaceAll('-', '/')).sort(),
    );
  });
});

describe('member routes', () => {
  const toml = readFileSync(new URL('netlify.toml', root), 'utf8');
  const rules = [
    ...toml.matchAll(
      /from = "(\/[^"]*)"\s+to = "\/app\/"\s+status = 200\s+force = true(\s+conditions = [^\n]+)?/g,
    ),
  ];
  const rewrites = rules.filter((m) => !m[2]).map((m) => m[1]);

  it('netlify.toml rewrites exactly the member sections to the island', () => {
    expect(rewrites.sort()).toEqual(memberSections.flatMap((s) => [`/${s}`, `/${s}/*`]).sort());
  });

  it("serves a member's / (session marker cookie) as the island, and only that conditionally", () => {
    const conditional = rules.filter((m) => m[2]).map((m) => [m[1], m[2]?.trim()]);
    expect(conditional).toEqual([['/', `conditions = { Cookie = ["${SESSION_COOKIE}"] }`]]);
  });

  it.each([
    ['/videos', true],
    ['/videos/watch/abc/some-title', true],
    ['/trades/review/trade_0123456789abcdef', true],
    ['/account', true],
    ['/payment?x=1', true],
    ['/', false],
    ['/features', false],
    ['/articles', false],
    ['/articles/how_the_otc_market_works', false],
    ['/faq', false],
    ['/videosx', false],
  ])('isMemberPath(%s) is %s', (path, expected) => {
    expect(isMemberPath(path.split('?')[0] ?? '')).toBe(expected);
  });
});

describe('pageTitle', () => {
  it.each([
    [undefined, 'Learn to Trade Penny Stocks | OTC Edge'],
    ['Video Library', 'Video Library | OTC Edge'],
    ['Account Settings', 'Account Settings | OTC Edge'],
  ])('%s → %s', (section, title) => {
    expect(pageTitle(section)).toBe(title);
  });
});
