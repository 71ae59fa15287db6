import {
  inlineScripts,
  MEDIA_CONTENT_SECURITY_POLICY,
  scriptHash,
} from '../../site/lib/content-security-policy.ts';
import { signInNewMember } from './support/members.ts';
import { expect, test } from './support/test.ts';

// The pages' policy (site/integrations/security-headers.ts) as the server sends it, and the member
// app working under it: every screen that loads something from elsewhere or runs inline code.

const PAGE_KINDS = [
  '/', // landing, with its inline loader
  '/features',
  '/faq',
  '/articles',
  '/articles/how_the_otc_market_works',
  '/journal', // the member app
  '/trades',
  '/payment',
  '/confirm-email', // an email change's link, with its inline script
  '/no/such/page', // the 404 page
];

test('every page kind carries the policy: its inline scripts by hash, no unsafe-eval or inline code', async ({
  request,
}) => {
  for (const path of PAGE_KINDS) {
    const answer = await request.get(path);
    const policy = answer.headers()['content-security-policy'] ?? '';
    const directives = new Map(
      policy.split(/;\s*/).map((part) => {
        const [name = '', ...sources] = part.trim().split(/\s+/);
        return [name, sources] as const;
      }),
    );
    const scripts = directives.get('script-src') ?? [];
    expect(scripts, path).toContain("'self'");
    expect(scripts, path).not.toContain("'unsafe-inline'");
    expect(policy, path).not.toContain("'unsafe-eval'");
    expect(directives.get('default-src'), path).toEqual(["'self'"]);
    expect(directives.get('object-src'), path).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
    for (const script of inlineScripts(await answer.text()))
      expect(scripts, `${path}: an inline script without its hash`).toContain(
        `'sha256-${scriptHash(script)}'`,
      );
  }
});

test('the editor’s uploaded images are served as images: nosniff and a sandboxing policy, not the pages’', async ({
  request,
}) => {
  const answer = await request.get('/images/articles/how_the_otc_market_works.webp');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('image/webp');
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['content-security-policy']).toBe(MEDIA_CONTENT_SECURITY_POLICY);
});

test('a member’s screens run under the policy without a single violation', async ({ page }) => {
  // A whole journey: three times the test budget (playwright.config.ts).
  test.slow();
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await signInNewMember(page);
  const violations = () => page.evaluate(() => (window as { cspViolations?: string[] }).cspViolations ?? []);
  // Dashboard, the video player, the journal's editor, the trades' chart (its own chunk), account.
  await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/videos/watch/tour-library/start-here-a-tour-of-the-video-library');
  await expect(page.locator('video')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/journal');
  await page.getByRole('button', { name: 'New Journal Entry' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Note text' })).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/trades');
  await page.getByRole('button', { name: 'Import Trades' }).click();
  await page
    .getByLabel('Broker file')
    .setInputFiles(new URL('../fixtures/brokers/tradezero.csv', import.meta.url).pathname);
  await page.getByRole('button', { name: 'Import 9 executions' }).click();
  await expect(page.getByText('Import finished.')).toBeVisible();
  await page.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page.locator('.pnl-chart canvas')).toBeVisible();
  expect(await violations()).toEqual([]);
  await page.goto('/account');
  await expect(page.getByLabel('Discord username')).toBeVisible();
  expect(await violations()).toEqual([]);
});
