import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createUser } from '../../functions/_lib/identity/local-users.ts';
import type { Store } from '../../functions/_lib/store.ts';
import chargeFn from '../../functions/charge.ts';
import { authHeader, OPERATOR_PERMISSIONS } from './tokens.ts';

/** A subject of the shape the identity provider gives, new each time. */
export const newSub = () => `auth0|${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/**
 * An operator's `Authorization` header. A fresh subject by default: each operator has its own
 * rate-limit window, so suites running at once do not use up each other's.
 */
export const operator = (sub = newSub()) =>
  authHeader({ sub, email: 'ops@example.com', permissions: OPERATOR_PERMISSIONS });

export type Handler = (request: Request) => Promise<Response>;

/**
 * A POST of a JSON body to a handler as `headers` say, as the browser sends it. The answer keeps its
 * text and headers; `json` is `{}` when the body is not JSON (a CSV export, a bare error).
 */
export async function call(fn: Handler, path: string, headers: Record<string, string>, body: unknown = {}) {
  const response = await fn(
    new Request(`http://localhost/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, text, json, headers: response.headers };
}

/**
 * A member who paid through /api/charge (local test-mode billing): a real local subscription, and
 * the member index has their email. A local account, so the charge records the customer id on it as
 * it does for a real member.
 */
export async function paidMember(
  store: Store,
  {
    email = `member.${randomUUID().slice(0, 8)}@example.com`,
    plan = 'monthly' as 'monthly' | 'yearly',
    promo = undefined as string | undefined,
  } = {},
) {
  const { sub } = await createUser(store, { email, password: 'member-password' });
  const headers = await authHeader({ sub, email });
  const paid = await call(chargeFn, 'charge', headers, {
    email,
    planID: plan,
    token: 'tok_local_4242424242424242',
    promo,
  });
  expect(paid.status, paid.text).toBe(200);
  return { sub, email, headers };
}
