// Production parity: the same build and functions served by Netlify's own local runtime
// (@netlify/dev with its function handling on: it bundles and invokes functions/ as `netlify dev`
// does) and by our local host (scripts/local/server.ts, which `npm start` and the journeys use).
// Every request below must get the same answer from both, so a difference between the two shows
// here before an operator meets it in production.
//
// Why @netlify/dev and not the Netlify CLI: it is the runtime the CLI's `netlify dev` is built on,
// already a dependency (our host uses its redirect and header engine), runs offline in-process with
// no account or site link, and needs no 80 MB CLI install in CI.
import { fileURLToPath } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDeps } from '../../functions/_lib/deps.ts';
import { buildIfStale } from '../../scripts/local/build.ts';
import { unusedNetlifyFeatures } from '../../scripts/local/netlify-features.mjs';
import { startServer } from '../../scripts/local/server.ts';
import { activeMembership, signedIn } from '../support/members.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { store } = getDeps();
const ORIGIN = 'http://localhost:8888';

let netlify: NetlifyDev;
let ours: Awaited<ReturnType<typeof startServer>>;
let member: Record<string, string>;

beforeAll(async () => {
  buildIfStale(root);
  ours = await startServer({ root, port: 0 });
  netlify = new NetlifyDev({
    projectRoot: root,
    ...unusedNetlifyFeatures,
    functions: { enabled: true },
    // The functions read this process's environment (the test store and issuer), as ours do.
    environmentVariables: { enabled: false },
    serverAddress: null,
  });
  await netlify.start();
  member = (await signedIn(store, activeMembership())).headers;
  // Netlify's runtime bundles every function on its first call: minutes on a busy 2-core machine.
}, 600_000);

afterAll(async () => {
  await netlify?.stop();
  await ours?.close();
});

interface Answer {
  status: number;
  location: string | null;
  type: string;
  body: unknown;
  headers: Record<string, string | null>;
}

const SECURITY = [
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
];

async function read(response: Response | undefined): Promise<Answer> {
  if (!response) throw new Error('not answered');
  const type = (response.headers.get('content-type') ?? '').split(';')[0] ?? '';
  const text = await response.text();
  const location = response.headers.get('location');
  return {
    status: response.status,
    // The two listen on different origins: where a redirect goes is its path.
    location: location && new URL(location, ORIGIN).pathname,
    type,
    // HTML is compared by its title and whether it is the member app's page.
    body: type === 'application/json' ? JSON.parse(text) : pageOf(text),
    // Netlify's local runtime leaves netlify.toml's [[headers]] off redirect answers; ours adds them,
    // as every other answer has them (README "Deploying on Netlify"). Compared on everything else.
    headers: location ? {} : Object.fromEntries(SECURITY.map((name) => [name, response.headers.get(name)])),
  };
}

const pageOf = (html: string) => ({
  title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
  memberApp: html.includes('data-member-app'),
});

async function both(path: string, init: RequestInit = {}): Promise<[netlify: Answer, ours: Answer]> {
  const viaNetlify = await netlify.handle(new Request(`${ORIGIN}${path}`, init));
  const viaOurs = await fetch(`${ours.url}${path}`, { ...init, redirect: 'manual' });
  return [await read(viaNetlify), await read(viaOurs)];
}

const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

describe("Netlify's own runtime answers as our local host does", () => {
  // The one known difference, where ours follows production instead of the emulation: a rewrite rule
  // with `status = 404` is served with 404 on Netlify (its docs), with 200 by the local emulation.
  const servedWith404 = (answer: Answer): Answer => ({ ...answer, status: 404 });
  const cases: Array<[what: string, path: string, init: () => RequestInit, known?: (a: Answer) => Answer]> = [
    ['a visitor call: where to sign in', '/api/appconfig', () => ({})],
    ['a visitor call: the public video list', '/api/videos', () => json({})],
    ['a member call with a token', '/api/journal/notes', () => json({}, member)],
    ['a member call with a token: the trades', '/api/journal/trades', () => json({}, member)],
    ['4xx: no token', '/api/journal/notes', () => json({})],
    ['4xx: a body that fails its schema', '/api/journal/notes/update', () => json({ note_id: 7 }, member)],
    ['4xx: the wrong method', '/api/videos', () => ({ method: 'GET' })],
    ['a member route is the member app', '/journal', () => ({})],
    ['a deep member route is the member app', '/videos/latest', () => ({})],
    ["a visitor's / is the landing page", '/', () => ({})],
    [
      "a member's / (session cookie) is the member app",
      '/',
      () => ({ headers: { cookie: 'otc_session=1' } }),
    ],
    ['/about moves to /features', '/about', () => ({})],
    ['an unknown API call', '/api/no/such/call', () => json({}), servedWith404],
    ['a static page', '/faq', () => ({})],
  ];

  it.each(cases)(
    '%s (%s)',
    async (_what, path, init, known = (answer: Answer) => answer) => {
      const [viaNetlify, viaOurs] = await both(path, init());
      expect(viaOurs).toEqual(known(viaNetlify));
      expect(viaOurs.status).toBeLessThan(500);
    },
    600_000,
  );
});
