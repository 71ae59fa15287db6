import type { IncomingMessage } from 'node:http';
import { EDITOR_PATH } from '../../site/cms/config.ts';
import { cookieValues, fromAnotherOrigin, isLocalHost, runKey } from './local-access.ts';

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
  // Browsers keep cookies per host name, not per port: one name per server running on this machine.
  const name = `otc-editor-${port}`;
  const { key, matches } = runKey();
  const here = `http://localhost:${port}${EDITOR_PATH}`;
  return {
    cookie: `${name}=${key}; Path=${EDITOR_PATH}; HttpOnly; SameSite=Strict`,
    hostRefusal(req) {
      if (isLocalHost(req, port)) return undefined;
      return `The content editor is served on this machine only: open ${here}`;
    },
    callRefusal(req) {
      if (fromAnotherOrigin(req)) return 'Only the content editor’s own page may call its backend';
      if (!cookieValues(req.headers.cookie, name).some(matches))
        return `This call lacks the editor’s key for this run: reload ${here}`;
      return undefined;
    },
  };
}
