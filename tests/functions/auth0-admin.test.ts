import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  EmailTakenError,
  TooManyAttemptsError,
  UnknownUserError,
} from '../../functions/_lib/identity/admin.ts';
import { createAuth0Admin } from '../../functions/_lib/identity/auth0-admin.ts';

// The Auth0 adapter through the real `auth0` SDK, against a local server that records what the SDK
// sends and answers as the Management API does.

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

const recorded: Recorded[] = [];
let reply: (r: Recorded) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const r = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
    recorded.push(r);
    const answer =
      // The SDK's client-credentials request (a form); the password check's grant is JSON.
      r.path === '/oauth/token' && !r.body.startsWith('{')
        ? { status: 200, body: { access_token: 'mgmt-token', token_type: 'Bearer', expires_in: 86400 } }
        : reply(r);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  recorded.length = 0;
  reply = () => ({ status: 200, body: { user_id: 'auth0|abc' } });
});

const tenant = 'otcedge.test.auth0.com';
// The SDK builds https://{tenant}/… URLs; this fetch sends them to the local server instead.
const toLocal: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  expect(url.origin).toBe(`https://${tenant}`);
  return fetch(`${origin}${url.pathname}${url.search}`, input instanceof Request ? input : init);
};

const admin = () =>
  createAuth0Admin(
    {
      kind: 'auth0',
      domain: tenant,
      clientId: 'm2m-id',
      clientSecret: 'm2m-secret',
      connection: 'Members-DB',
    },
    toLocal,
  );

const updates = () => recorded.filter((r) => r.path !== '/oauth/token');
const passwordChecks = () =>
  recorded.filter((r) => r.path === '/oauth/token' && r.body.startsWith('{')).map((r) => JSON.parse(r.body));

describe('Auth0 identity admin (Management API)', () => {
  it('gets a management token by client credentials once, then PATCHes the user with it', async () => {
    const auth0 = await admin();
    await auth0.updateEmail('auth0|abc', 'new@example.com');
    await auth0.updatePassword('auth0|abc', 'a-new-secret');
    await auth0.setCustomerId('auth0|abc', 'cus_123');

    const tokenRequests = recorded.filter((r) => r.path === '/oauth/token');
    expect(tokenRequests).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(tokenRequests[0]?.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'm2m-id',
      client_secret: 'm2m-secret',
      audience: `https://${tenant}/api/v2/`,
    });

    expect(updates().map((r) => [r.method, decodeURIComponent(r.path), JSON.parse(r.body)])).toEqual([
      ['PATCH', '/api/v2/users/auth0|abc', { email: 'new@example.com', connection: 'Members-DB' }],
      ['PATCH', '/api/v2/users/auth0|abc', { password: 'a-new-secret', connection: 'Members-DB' }],
      ['PATCH', '/api/v2/users/auth0|abc', { app_metadata: { customer_id: 'cus_123' } }],
    ]);
    for (const r of updates()) expect(r.headers.authorization).toBe('Bearer mgmt-token');
  });

  it('maps 404 to an unknown user', async () => {
    reply = () => ({
      status: 404,
      body: { statusCode: 404, error: 'Not Found', message: 'The user does not exist.' },
    });
    await expect((await admin()).updateEmail('auth0|gone', 'x@example.com')).rejects.toBeInstanceOf(
      UnknownUserError,
    );
  });

  it('maps a duplicate email (400 "already exists" or 409) to EmailTakenError', async () => {
    reply = () => ({
      status: 400,
      body: { statusCode: 400, message: 'The specified new email already exists' },
    });
    await expect((await admin()).updateEmail('auth0|abc', 'taken@example.com')).rejects.toBeInstanceOf(
      EmailTakenError,
    );
    reply = () => ({ status: 409, body: { statusCode: 409, message: 'Conflict' } });
    await expect((await admin()).updateEmail('auth0|abc', 'taken@example.com')).rejects.toBeInstanceOf(
      EmailTakenError,
    );
  });

  it('passes other failures on (they become a logged 500)', async () => {
    reply = () => ({ status: 500, body: { statusCode: 500, message: 'boom' } });
    const failure = await (await admin())
      .updatePassword('auth0|abc', 'a-new-secret')
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnknownUserError);
    expect(failure).not.toBeInstanceOf(EmailTakenError);
  });

  it('checks a current password with the password-realm grant of the machine-to-machine app', async () => {
    reply = (r) =>
      r.path === '/oauth/token'
        ? JSON.parse(r.body).password === 'right-one'
          ? { status: 200, body: { access_token: 'x', id_token: 'y', token_type: 'Bearer', expires_in: 60 } }
          : { status: 403, body: { error: 'invalid_grant', error_description: 'Wrong email or password.' } }
        : { status: 200, body: { user_id: 'auth0|abc', email: 'member@example.com' } };
    const auth0 = await admin();
    expect(await auth0.verifyPassword('auth0|abc', 'right-one')).toBe(true);
    expect(await auth0.verifyPassword('auth0|abc', 'a-guess')).toBe(false);
    expect(passwordChecks()[0]).toEqual({
      grant_type: 'http://auth0.com/oauth/grant-type/password-realm',
      realm: 'Members-DB',
      username: 'member@example.com',
      password: 'right-one',
      client_id: 'm2m-id',
      client_secret: 'm2m-secret',
      scope: 'openid',
    });
    // The address is read from the user, not from the caller's (perhaps older) token.
    expect(updates().map((r) => [r.method, decodeURIComponent(r.path)])).toContainEqual([
      'GET',
      '/api/v2/users/auth0|abc',
    ]);
  });

  it("passes Auth0's brute-force refusal on as too many attempts", async () => {
    reply = (r) =>
      r.path === '/oauth/token'
        ? { status: 429, body: { error: 'too_many_attempts', error_description: 'blocked' } }
        : { status: 200, body: { user_id: 'auth0|abc', email: 'member@example.com' } };
    await expect((await admin()).verifyPassword('auth0|abc', 'x')).rejects.toBeInstanceOf(
      TooManyAttemptsError,
    );
  });

  it('ends every sign-in: refresh tokens, sessions and grants of the user', async () => {
    reply = () => ({ status: 204, body: '' });
    await (await admin()).endAllSignIns('auth0|abc');
    expect(
      updates()
        .map((r) => [r.method, decodeURIComponent(r.path)])
        .sort(),
    ).toEqual([
      ['DELETE', '/api/v2/grants?user_id=auth0|abc'],
      ['DELETE', '/api/v2/users/auth0|abc/refresh-tokens'],
      ['DELETE', '/api/v2/users/auth0|abc/sessions'],
    ]);
  });

  it('deletes the user (DELETE /api/v2/users/{id}); one already gone is done, other failures pass on', async () => {
    reply = () => ({ status: 204, body: '' });
    await (await admin()).deleteUser('auth0|abc');
    expect(updates().map((r) => [r.method, decodeURIComponent(r.path), r.headers.authorization])).toEqual([
      ['DELETE', '/api/v2/users/auth0|abc', 'Bearer mgmt-token'],
    ]);
    reply = () => ({ status: 404, body: { statusCode: 404, message: 'The user does not exist.' } });
    await expect((await admin()).deleteUser('auth0|gone')).resolves.toBeUndefined();
    reply = () => ({ status: 500, body: { statusCode: 500, message: 'boom' } });
    await expect((await admin()).deleteUser('auth0|abc')).rejects.toBeInstanceOf(Error);
  });
});
