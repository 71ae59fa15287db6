import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EDITOR_PATH } from '../../site/cms/config.ts';

export interface EditorAccess {
  /** The Set-Cookie header the editor's pages carry: this run's key. */
  cookie: string;
  /** Why a request for the editor (its page or its backend) is refused, or undefined. */
  hostRefusal(req: IncomingMessage): string | undefined;
  /** Why a call of the editor's backend is refused, or undefined. */
  callRefusal(req: IncomingMessage): string | undefined;
}

/**
 * Who may use the content editor's local backend, which reads and writes this working tree:
 * - a request naming this machine and this server's port as its Host. A DNS-rebinding page reaches
 *   127.0.0.1 too, but under its own name (rebind.attacker.example:8888), and sends a matching Origin;
 * - a browser's call from the editor's own origin (Origin, Sec-Fetch-Site): a page of another site,
 *   or of another server on localhost, is refused even when its browser holds the key;
 * - a call carrying this run's key, a cookie handed out with the editor's pages only. Decap's local
 *   backend client sends no header of its own, but its same-origin fetch sends the cookie; HttpOnly,
 *   no script reads it; SameSite=Strict, no other site's request carries it.
 */
export function editorAccess(port: number): EditorAccess {
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]'].map((name) => `${name}:${port}`));
  // Browsers keep cookies per host name, not per port: one name per server running on this machine.
  const name = `otc-editor-${port}`;
  const key = randomBytes(32).toString('base64url');
  const expected = digest(key);
  const here = `http://localhost:${port}${EDITOR_PATH}`;
  return {
    cookie: `${name}=${key}; Path=${EDITOR_PATH}; HttpOnly; SameSite=Strict`,
    hostRefusal(req) {
      if (hosts.has(req.headers.host?.toLowerCase() ?? '')) return undefined;
      return `The content editor is served on this machine only: open ${here}`;
    },
    callRefusal(req) {
      const { origin, cookie } = req.headers;
      const site = req.headers['sec-fetch-site'];
      if (
        (origin !== undefined && origin.toLowerCase() !== `http://${req.headers.host?.toLowerCase()}`) ||
        (site !== undefined && site !== 'same-origin')
      )
        return 'Only the content editor’s own page may call its backend';
      const sent = cookieValues(cookie, name);
      // Hashed first: timingSafeEqual compares equal lengths only, and the digests give nothing away.
      if (!sent.some((value) => timingSafeEqual(digest(value), expected)))
        return `This call lacks the editor’s key for this run: reload ${here}`;
      return undefined;
    },
  };
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** Every value sent for cookie `name` (a browser may send one per path). */
function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '').split(';').flatMap((pair) => {
    const at = pair.indexOf('=');
    return at > 0 && pair.slice(0, at).trim() === name ? [pair.slice(at + 1).trim()] : [];
  });
}
