import site from '../../content/site.json' with { type: 'json' };
import { staticPages } from './support/static-pages.ts';
import { expect, test } from './support/test.ts';

// The static pages as docs/product.md §1 and §2 describe them: their facts, the footer on every page, titles
// and the head every page carries for search engines and social previews.

test.describe('footer', () => {
  for (const path of staticPages) {
    test(`${path} has the brief footer links and the copyright line`, async ({ page }) => {
      await page.goto(path);
      const footer = page.getByRole('contentinfo');
      const links = footer.getByRole('navigation', { name: 'Footer' }).getByRole('link');
      await expect(links).toHaveText([
        'FAQ',
        'Terms of Use',
        'Privacy Policy',
        'Disclaimer',
        'Disclosure',
        'Contact',
      ]);
      const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(['/faq', '/terms', '/privacy', '/disclaimer', '/disclosure', site.contactUrl]);
      await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.name}`);
    });
  }

  test('every footer link leads to its page', async ({ page }) => {
    await page.goto('/articles');
    for (const [name, heading] of [
      ['FAQ', 'Frequently asked questions'],
      ['Terms of Use', 'Terms of Use'],
      ['Privacy Policy', 'Privacy Policy'],
      ['Disclaimer', 'Disclaimer'],
      ['Disclosure', 'Disclosure'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
    }
  });
});

test.describe('page facts (docs/product.md §1)', () => {
  test('terms: Texas law, updated June 5, 2019', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator('.page__dates')).toHaveText('Last updated June 5, 2019');
    await expect(page.getByRole('main')).toContainText('governed by the laws of the State of Texas');
  });

  test('privacy: updated June 5, 2019, effective 4 June 2019, under 16 with parental permission', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.locator('.page__dates')).toHaveText(
      'Last updated June 5, 2019 · Effective 4 June 2019',
    );
    await expect(page.getByRole('main')).toContainText(
      'under 16 may use OTC Edge only with the permission of a parent',
    );
  });

  test('disclaimer: not financial advice, updated January 2020', async ({ page }) => {
    await page.goto('/disclaimer');
    await expect(page.locator('.page__dates')).toHaveText('Last updated January 2020');
    await expect(page.getByRole('heading', { name: 'Not financial advice' })).toBeVisible();
  });

  test('disclosure: how we are paid and compensation', async ({ page }) => {
    await page.goto('/disclosure');
    await expect(page.getByRole('heading', { name: 'How we are paid' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('compensation');
  });

  test('FAQ: purpose, content, alerts, no refunds, no free trial, cancel any time', async ({ page }) => {
    await page.goto('/faq');
    const main = page.getByRole('main');
    for (const question of [
      'What is OTC Edge for?',
      'What content do members get?',
      'Do you send trade alerts?',
      'Can I get a refund?',
      'Is there a free trial?',
      'How do I cancel?',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name: question })).toBeVisible();
    }
    await expect(main).toContainText('Memberships are not refunded');
    await expect(main).toContainText('there is no free trial');
    await expect(main).toContainText('You will not be charged for another month');
  });

  test('media: two podcast links, social links and Email Us', async ({ page }) => {
    await page.goto('/media');
    const main = page.getByRole('main');
    const podcasts = main.getByRole('region', { name: 'Podcast appearances' }).getByRole('link');
    await expect(podcasts).toHaveCount(2);
    for (const link of await podcasts.all()) await expect(link).toHaveAttribute('href', /^https:\/\//);
    await expect(main.getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', site.social.youtube);
    await expect(main.getByRole('link', { name: 'Email Us' })).toHaveAttribute('href', site.contactUrl);
  });

  test('features: a register button and links to /articles', async ({ page }) => {
    await page.goto('/features');
    await expect(page.getByRole('link', { name: 'Register now' }).first()).toHaveAttribute(
      'href',
      '/callback?login=signup',
    );
    const articleLinks = page.locator('main a[href="/articles"]');
    expect(await articleLinks.count()).toBeGreaterThan(0);
  });
});

test.describe('head', () => {
  for (const [path, title] of [
    ['/', 'Learn to Trade Penny Stocks | OTC Edge'],
    ['/faq', 'FAQ | OTC Edge'],
    ['/articles', 'Articles | OTC Edge'],
  ] as const) {
    test(`${path}: title, description, canonical and social card`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      const canonical = `${site.url}${path}`;
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
        'content',
        /^https:\/\/.+\.(jpg|webp)$/,
      );
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(50);
    });
  }

  test('the member app and the not-found page are not offered to search engines', async ({ request }) => {
    for (const file of ['/app/', '/404.html']) {
      const html = await (await request.get(file)).text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(html).not.toContain('rel="canonical"');
    }
  });
});
