import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/test.ts';

// The bar's links keep their place while a page arrives in pieces. A busy machine paints what it
// has parsed, so a page can be drawn with the links but before the account part after them (Sign In
// and Sign Up, or Account): the links must not be laid out against it. The page is served here
// through a small relay that holds the rest of the document back until the first part is painted.

const SPLIT_AT = '<div class="nav-auth"';

/** A relay in front of the product that sends `path`'s page in two parts: up to SPLIT_AT, then the rest once released. */
async function splittingRelay(origin: string, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const server = http.createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', origin), { redirect: 'manual' });
      const body = Buffer.from(await upstream.arrayBuffer());
      const headers: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          headers[name] = value;
      });
      response.writeHead(upstream.status, headers);
      const html = body.toString('utf8');
      const cut = html.indexOf(SPLIT_AT);
      if (new URL(request.url ?? '/', origin).pathname !== path || cut < 0) {
        response.end(body);
        return;
      }
      response.write(html.slice(0, cut));
      await released;
      response.end(html.slice(cut));
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${path}`, release, close: () => server.close() };
}

test('the bar’s links stay where they are painted when the account part of the bar arrives later', async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  const relay = await splittingRelay(baseURL ?? '', '/faq/');
  try {
    await page.addInitScript(() => {
      const state = window as unknown as { moved: string[] };
      state.moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & {
            sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
          }
        >)
          for (const source of entry.sources ?? [])
            state.moved.push(
              `${source.node?.textContent?.trim().slice(0, 20)}: x ${Math.round(source.previousRect.x)} → ${Math.round(source.currentRect.x)}`,
            );
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(relay.url, { waitUntil: 'commit' });
    // The first part parsed and painted: the links are there, the account part is not yet.
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.site-nav__links li').length > 0 && !document.querySelector('.nav-auth'),
    );
    const linksBefore = await page.locator('.site-nav__links li').first().boundingBox();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );

    relay.release();
    await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
    const moved = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      return (window as unknown as { moved: string[] }).moved;
    });
    expect(moved).toEqual([]);
    expect(await page.locator('.site-nav__links li').first().boundingBox()).toEqual(linksBefore);
  } finally {
    relay.close();
  }
});
