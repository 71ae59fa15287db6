import type { IncomingMessage } from 'node:http';
import { API_SECURITY_HEADERS } from '../../functions/_lib/http/json-response.ts';
import { cookieValues, fromAnotherOrigin, isLocalHost, runKey } from './local-access.ts';

/** An answer given instead of the inbox's: a refusal, or the key link's redirect. */
export interface MailAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface MailAccess {
  /** This run's key: a client that is no browser sends it as `Authorization: Bearer KEY`. */
  key: string;
  /** The link that opens the inbox in a browser: it hands the browser the key as a cookie. */
  link: string;
  /** What to answer instead of the inbox, or undefined to let the request through. */
  check(req: IncomingMessage): MailAnswer | undefined;
}

/**
 * Who may read the local mail inbox, which holds every email the product sent (sign-in and reset
 * links among them):
 * - a request naming this machine and the inbox's port as its Host: a DNS-rebinding page reaches
 *   127.0.0.1 under its own name, and is refused before it learns anything;
 * - not a browser's request from a page of another origin (Origin, Sec-Fetch-Site), even one on
 *   another localhost port whose browser holds the key;
 * - one carrying this run's key: the cookie the key link sets (HttpOnly, no script reads it;
 *   SameSite=Strict, no other site's request carries it), or a Bearer header from a client that is
 *   no browser (the tests). The key is drawn at each start and printed with the link.
 */
export function mailAccess(port: number): MailAccess {
  // Browsers keep cookies per host name, not per port: one name per inbox running on this machine.
  const name = `otc-mail-${port}`;
  const { key, matches } = runKey();
  const link = `http://localhost:${port}/?key=${key}`;
  const printed = `open the inbox link printed at start (http://localhost:${port}/?key=…)`;
  return {
    key,
    link,
    check(req) {
      if (!isLocalHost(req, port))
        return refusal(403, `The mail inbox is served on this machine only: ${printed}`);
      if (fromAnotherOrigin(req, 'allowed'))
        return refusal(403, 'Only the mail inbox’s own pages may read it');
      const url = new URL(req.url ?? '/', `http://localhost:${port}`);
      const sent = url.searchParams.get('key');
      if (sent !== null) {
        if (!matches(sent)) return refusal(401, `This link’s key is not this run’s: ${printed}`);
        // The key leaves the address bar: the cookie carries it from now on.
        url.searchParams.delete('key');
        return {
          status: 303,
          headers: {
            ...API_SECURITY_HEADERS,
            Location: `${url.pathname}${url.search}`,
            'Set-Cookie': `${name}=${key}; Path=/; HttpOnly; SameSite=Strict`,
          },
          body: '',
        };
      }
      const bearer = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
      if ([...cookieValues(req.headers.cookie, name), ...(bearer ? [bearer] : [])].some(matches))
        return undefined;
      return refusal(401, `The mail inbox needs this run’s key: ${printed}`, {
        'WWW-Authenticate': 'Bearer realm="OTC Edge mail"',
      });
    },
  };
}

function refusal(status: number, error: string, headers: Record<string, string> = {}): MailAnswer {
  return {
    status,
    headers: { ...API_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', ...headers },
    body: JSON.stringify({ error }),
  };
}
