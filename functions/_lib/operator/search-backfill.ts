/**
 * The search index for members indexed before it (docs/operator.md "Search"): every write of what
 * members are found by files their terms from then on (search-index.ts); this files the rest once.
 * It walks the member index oldest first a page at a time (never a key scan), reads what each member
 * is found by (the index's email, the membership's customer id, the chat username, the certificates'
 * names) and fills only the sources no write has set since (`search_update`'s `fill`), so it never
 * undoes a change made while it ran. Its progress is kept in `ops:search:backfill` with each page, so
 * a run stopped by its time budget goes on where it stopped; `done` ends it for good.
 *
 * Run by the daily snapshot job (functions/operator-snapshot.ts) until done: after a deploy, at the
 * next run, or at once with `npm run jobs:run -- operator-snapshot`.
 */
import { membershipKey, parseMembership } from '../billing/membership.ts';
import { chatKeys } from '../chat/keys.ts';
import { parseChatRecord } from '../chat/record.ts';
import { progressKeys } from '../courses/progress-keys.ts';
import { parseCertificate } from '../courses/progress-read.ts';
import { flatEntries, type Store } from '../store.ts';
import { memberFields, opsKeys } from './keys.ts';
import { memberSearchUpdate, SEARCH_INDEX_LUA, searchIndexKeys, searchUpdateJson } from './search-index.ts';

/** Members read and filed per page: one ZRANGE, one read pipeline, one script. */
export const BACKFILL_PAGE = 1000;
const DONE = 'done';

// KEYS: ops:search, ops:search-terms, ops:search:backfill. ARGV: the progress after this page, then
// sub and update (JSON) of each member. The page and the progress are one write.
const FILL = `${SEARCH_INDEX_LUA}
for i = 2, #ARGV, 2 do search_update(KEYS[1], KEYS[2], ARGV[i], ARGV[i + 1], true) end
redis.call('SET', KEYS[3], ARGV[1])
return 1`;

export async function searchBackfillDone(store: Store): Promise<boolean> {
  return (await store.get<string>(opsKeys.searchBackfill)) === DONE;
}

export interface BackfillResult {
  /** Members read (filed where nothing was set yet) by this run. */
  members: number;
  done: boolean;
}

/**
 * Files the members not filed yet, from where the last run stopped, until every member is (then
 * `done`) or `budgetMs` has passed (the scheduled job's time limit; the next run goes on).
 */
export async function backfillSearchIndex(
  store: Store,
  {
    budgetMs = 20_000,
    page = BACKFILL_PAGE,
    progressKey = opsKeys.searchBackfill as string,
    clock = () => performance.now(),
  } = {},
): Promise<BackfillResult> {
  const started = clock();
  const progress = await store.get<string>(progressKey);
  if (progress === DONE) return { members: 0, done: true };
  let { score, skip } = parseProgress(progress);
  let members = 0;
  for (;;) {
    const reply = (await store.zrange(opsKeys.members, score === null ? '-inf' : score, '+inf', {
      byScore: true,
      offset: skip,
      count: page,
      withScores: true,
    })) as unknown[];
    const found: Array<{ sub: string; score: number }> = [];
    for (let i = 0; i + 1 < reply.length; i += 2)
      found.push({ sub: String(reply[i]), score: Number(reply[i + 1]) });
    const last = found.at(-1);
    const finished = found.length < page || !last;
    if (last) {
      // Members of one ms straddling pages: the progress counts those of its score already filed.
      const ties = found.filter((entry) => entry.score === last.score).length;
      skip = ties + (score === last.score ? skip : 0);
      score = last.score;
    }
    const updates = await readUpdates(store, found);
    await store.eval(
      FILL,
      [...searchIndexKeys(), progressKey],
      [finished ? DONE : `${score}|${skip}`, ...updates],
    );
    members += found.length;
    if (finished) return { members, done: true };
    if (clock() - started >= budgetMs) return { members, done: false };
  }
}

function parseProgress(raw: string | null): { score: number | null; skip: number } {
  const match = /^(\d+)\|(\d+)$/.exec(raw ?? '');
  return match ? { score: Number(match[1]), skip: Number(match[2]) } : { score: null, skip: 0 };
}

/** Each member's sub and update, read in one pipeline. */
async function readUpdates(store: Store, found: ReadonlyArray<{ sub: string }>): Promise<string[]> {
  if (found.length === 0) return [];
  const pipe = store.pipeline();
  for (const { sub } of found)
    pipe
      .hget(opsKeys.member(sub), memberFields.email)
      .get(membershipKey(sub))
      .get(chatKeys.member(sub))
      .hgetall(progressKeys.certificates(sub));
  const replies = await pipe.exec<unknown[]>();
  return found.flatMap(({ sub }, i) => {
    const [email, membership, chat, certificates] = replies.slice(i * 4, i * 4 + 4);
    const update = memberSearchUpdate({
      email: typeof email === 'string' ? email : null,
      customerId: parseMembership(membership)?.customerId ?? null,
      chatUsername: parseChatRecord(chat)?.username ?? null,
      certificates: flatEntries(certificates).flatMap(([course, json]) => {
        const entry = parseCertificate(json);
        return entry ? [{ course, name: entry.name }] : [];
      }),
    });
    return [sub, searchUpdateJson(update)];
  });
}
