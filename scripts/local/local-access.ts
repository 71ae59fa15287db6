import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * The checks a local server holding something private (the content editor, the mail inbox) puts
 * before it, against the web pages open in the developer's browser (docs/security.md, "The local
 * stand-ins"): the names it answers to, the origin a browser's request comes from, and a key drawn
 * for each run.
 */

/**
 * This machine's names with the server's port: the only Hosts it answers. A DNS-rebinding page
 * reaches 127.0.0.1 too, but under its own name (rebind.attacker.example:8888).
 */
export function isLocalHost(req: IncomingMessage, port: number): boolean {
  const host = req.headers.host?.toLowerCase() ?? '';
  return ['localhost', '127.0.0.1', '[::1]'].some((name) => host === `${name}:${port}`);
}

/**
 * Whether a browser says the request comes from a page of another origin: its Origin is not the
 * server's own, or its Sec-Fetch-Site is not `same-origin` (nor `none`, a page the developer opened
 * themselves, when `opened` allows it). Another server on localhost is the same site but another
 * origin; a client that is no browser sends neither header.
 */
export function fromAnotherOrigin(req: IncomingMessage, opened: 'allowed' | 'refused' = 'refused'): boolean {
  const { origin } = req.headers;
  const site = req.headers['sec-fetch-site'];
  return (
    (origin !== undefined && origin.toLowerCase() !== `http://${req.headers.host?.toLowerCase()}`) ||
    (site !== undefined && site !== 'same-origin' && !(site === 'none' && opened === 'allowed'))
  );
}

/** A random key for one run of a server, and whether a value sent is it (in constant time). */
export function runKey(): { key: string; matches(sent: string): boolean } {
  const key = randomBytes(32).toString('base64url');
  const expected = digest(key);
  // Hashed first: timingSafeEqual compares equal lengths only, and the digests give nothing away.
  return { key, matches: (sent) => timingSafeEqual(digest(sent), expected) };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Every value sent for cookie `name` (a browser may send one per path). */
export function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '').split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && pair.slice(0, at).trim() === name ? [pair.slice(at + 1).trim()] : [];
  });
}
