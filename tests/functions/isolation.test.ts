import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiName, api } from '../../functions/_lib/contract/index.ts';
import { getDeps } from '../../functions/_lib/deps.ts';
import { newId } from '../../functions/_lib/ids.ts';
import { type LoadedFunction, loadFunctions } from '../support/functions.ts';
import { addTestVideo } from '../support/library-fixture.ts';
import { closeKeyDump, dumpMember } from '../support/member-keys.ts';
import { SAMPLE_TAG, validRequests } from '../support/samples.ts';
import { schemaFields, withValue } from '../support/schema-fields.ts';
import { seededMember } from '../support/seeded-member.ts';

/**
 * The isolation matrix: every endpoint a signed-in caller reaches, called by member B with member
 * A's ids in every id-like field of its contract's request schema (and A's custID and userID).
 * B must read nothing of A's (no text of A's in the answer, no count that betrays A's data) and
 * change nothing of A's (a full dump of A's keys, before and after, is equal). The id-like fields are
 * found by walking each entry's request schema, so a new endpoint or field joins the matrix; one the
 * matrix does not know how to fill fails below, asking for a sample.
 */
const { store } = getDeps();
const functions = (await loadFunctions()).filter((fn) => fn.access && fn.access !== 'public');

const freshIds = (symbol: string) => ({
  note: newId('note_'),
  category: newId('category_'),
  trade: newId('trade_'),
  symbol,
  action: newId('action_'),
});

/** A field is id-like by its name: an id, or a list of them (symbols, categories). */
const ID_LIKE = /(^|_)ids?$|Id$|ID$|^symbols?$|^categories$/;

type A = Awaited<ReturnType<typeof seededMember>>;
/**
 * Member A's values for each id-like field (by the field's own name): the id as A's data holds it,
 * and the other spellings the endpoints accept for the same thing (a symbol in lower case or as a
 * cashtag, a video id with or without its prefix).
 */
const ID_SAMPLES: Record<string, (a: A) => unknown[]> = {
  custID: (a) => [a.customerId],
  // The operator's actions name a member by customer id (a member's token is refused before the body).
  customerId: (a) => [a.customerId],
  userID: (a) => [a.sub],
  note_id: (a) => [a.ids.note],
  category_id: (a) => [a.ids.category],
  categories: (a) => [[a.ids.category]],
  trade_id: (a) => [a.ids.trade],
  trip_ids: (a) => [[a.ids.trade]],
  action_id: (a) => [a.ids.action],
  delete_ids: (a) => [[a.ids.action]],
  // Tag ids come from names, so B holds the same id for its own tag: B's call may change B's, never A's.
  tag_id: () => [SAMPLE_TAG],
  symbol: (a) => [a.ids.symbol, a.ids.symbol.toLowerCase(), `$${a.ids.symbol}`],
  symbols: (a) => [[a.ids.symbol], [a.ids.symbol.toLowerCase()]],
  nodeId: () => [`vid_${videoId}`, videoId],
  orderId: (a) => [a.execution.orderId],
  execId: (a) => [a.execution.execId],
  // A plan is the catalogue's, the same for every member: nothing of A's to reach.
  planID: () => ['monthly'],
};
/** Whole fields replaced by A's own records, so B's call is A's call exactly (an import of A's file). */
const A_RECORDS: Record<string, (a: A) => unknown> = {
  executions: (a) => [a.execution],
};

let videoId = '';
let a: A;
/** One B for the whole matrix: its calls stay under every rate limit (a 429 fails the case). */
let b: A;
let cases = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  videoId = await addTestVideo(store);
  a = await seededMember(store, videoId, {
    tag: 'secretA',
    ids: freshIds('AAPX'),
    position: 321.75,
    paid: true,
  });
  b = await seededMember(store, videoId, { tag: 'memberB', ids: freshIds('BBPX'), paid: true });
});
afterAll(async () => {
  await closeKeyDump();
  console.info(`isolation: ${cases} cases, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
});

/**
 * The id-like fields of an endpoint's request, as paths ('filter.symbol', 'executions.0.orderId');
 * a list of ids (symbols) is one field, filled as a list.
 */
const idFields = (name: ApiName) =>
  schemaFields(api[name].request).filter(
    (f) => typeof f.path.at(-1) === 'string' && ID_LIKE.test(f.path.at(-1) as string),
  );
const fieldName = (path: Array<string | number>) =>
  [...path].reverse().find((p) => typeof p === 'string') as string;

describe('the isolation matrix', () => {
  it('knows how to fill every id-like field of every endpoint', () => {
    for (const fn of functions) {
      for (const field of idFields(fn.name)) {
        expect(
          fieldName(field.path) in ID_SAMPLES,
          `${fn.name}: the request field '${field.path.join('.')}' looks like an id. Add how to get ` +
            `member A's value for '${fieldName(field.path)}' to ID_SAMPLES in tests/functions/isolation.test.ts`,
        ).toBe(true);
      }
    }
  });
});

describe('the checks themselves', () => {
  it('find A’s text when A asks for it, and a change to A’s keys', async () => {
    const metadata = functions.find((fn) => fn.name === 'journal/metadata') as LoadedFunction;
    const own = await call(metadata, a.headers, { note_id: a.ids.note });
    expect(own.text).toContain(a.text.title);
    const before = await dumpMember(a.sub);
    await store.hset(`u:${a.sub}:progress`, { probe: '1' });
    expect(await dumpMember(a.sub)).not.toEqual(before);
    await store.hdel(`u:${a.sub}:progress`, 'probe');
    expect(await dumpMember(a.sub)).toEqual(before);
  });
});

describe.each(functions)('member B with member A’s ids: functions/$file', (fn) => {
  it('reads nothing of A’s and changes nothing of A’s', async () => {
    // B's own valid request: its category, trade and symbol, and a note id it has not used yet.
    const sample = () => validRequests(videoId, { ...b.ids, note: newId('note_') })[fn.name] ?? {};
    // All of A's ids at once, then one at a time in B's own valid request.
    const variants: Array<[string, unknown]> = [['every id of A’s at once', requestWithA(fn.name, sample())]];
    for (const field of idFields(fn.name)) {
      for (const value of ID_SAMPLES[fieldName(field.path)]?.(a) ?? []) {
        const body = withValue({ ...sample(), custID: a.customerId }, field.path, value);
        variants.push([`${field.path.join('.')} = ${JSON.stringify(value)}`, body]);
      }
    }
    for (const [label, body] of variants) {
      cases += 1;
      const where = `${fn.name} (${label}): ${JSON.stringify(body).slice(0, 200)}`;
      const before = await dumpMember(a.sub);
      const answer = await call(fn, await b.freshHeaders(), body);
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      expect(answer.status, `${where} → ${answer.text}`).toBeLessThan(500);
      expect(answer.status, `${where}: refused by the rate limit, so nothing was tested`).not.toBe(429);
      for (const secret of secretsOf(a))
        expect(answer.text, `${where}: A's data in B's answer`).not.toContain(secret);
      const duplicates = (answer.json as { duplicates?: unknown } | null)?.duplicates;
      if (typeof duplicates === 'number') expect(duplicates, `${where}: A's imports counted for B`).toBe(0);
      expect(await dumpMember(a.sub), `${where}: A's data changed`).toEqual(before);
    }
  });
});

/** The endpoint's sample with every id-like field (and custID, userID) set to A's. */
function requestWithA(name: ApiName, sample: Record<string, unknown>): Record<string, unknown> {
  let body: unknown = { ...sample, custID: a.customerId, userID: a.sub };
  const shape = (api[name].request as { shape?: Record<string, unknown> }).shape ?? {};
  for (const [field, value] of Object.entries(A_RECORDS))
    if (field in shape) body = withValue(body, [field], value(a));
  for (const field of idFields(name))
    body = withValue(body, field.path, ID_SAMPLES[fieldName(field.path)]?.(a)[0]);
  return body as Record<string, unknown>;
}

/** Text only A's data holds; the saved position as the answer would carry it. */
const secretsOf = (m: A) => [...Object.values(m.text), `"position":${m.position}`];

async function call(fn: LoadedFunction, headers: Record<string, string>, body: unknown) {
  const { method } = api[fn.name];
  const response = await fn.handler(
    new Request(`http://localhost/api/${fn.name}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
    }),
  );
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {}
  return { status: response.status, text, json };
}
