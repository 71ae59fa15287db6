/**
 * The member's answers to "a sale with nothing held before it: a short sale, or shares held before the
 * file?" per account and symbol (docs/trades.md, "Sales with nothing held"), kept on the server as
 * well as in the browser: the background MAE/MFE job, the review, the rules report and the member's
 * other devices then match the journal as the page that was answered does.
 */
import type { MembershipGate } from '../billing/gate.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { marketKeys } from '../market/keys.ts';
import { flatEntries } from '../store.ts';
import type { FlatSellAnswer } from '../trades/round-trips.ts';
import { tradeKeys } from './keys.ts';

export const MAX_FLAT_SELL_ANSWERS = 1000;

export type FlatSellAnswers = Record<string, FlatSellAnswer>;

/** A raw HGETALL of the answers: the entries that read as answers. */
export function readFlatSellAnswers(reply: unknown): FlatSellAnswers {
  const answers: FlatSellAnswers = {};
  for (const [key, value] of flatEntries(reply))
    if (value === 'short' || value === 'held') answers[key] = value;
  return answers;
}

/** The stored answers, with those the caller sent on top (the page's newest, not yet saved ones). */
export const withSent = (stored: FlatSellAnswers, sent: Readonly<FlatSellAnswers> = {}): FlatSellAnswers => ({
  ...stored,
  ...sent,
});

/**
 * Lua: sets the answers ARGV[2..] (key, answer pairs) in KEYS[1] unless that would hold more than
 * ARGV[1] answers (then nothing is written and the count is answered); queues the member KEYS[2]'s
 * ARGV member for the MAE/MFE job (ZADD NX, due now) only when an answer changed. Atomic: answers
 * sent at once cannot pass the cap.
 */
const SAVE_ANSWERS = `local new = 0
local changed = false
for i = 2, #ARGV - 2, 2 do
  local before = redis.call('HGET', KEYS[1], ARGV[i])
  if not before then new = new + 1 end
  if before ~= ARGV[i + 1] then changed = true end
end
local count = redis.call('HLEN', KEYS[1]) + new
if count > tonumber(ARGV[1]) then return {'full', count} end
for i = 2, #ARGV - 2, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if changed then redis.call('ZADD', KEYS[2], 'NX', ARGV[#ARGV - 1], ARGV[#ARGV]) end
return {'ok', count}`;

/**
 * `journal/trades/answers`: saves answers (a changed one replaces the old), two round trips (the
 * gate's membership check with the stored answers; the script), and answers every stored answer.
 */
export async function saveFlatSellAnswers(
  deps: Pick<Deps, 'store' | 'now'>,
  gate: MembershipGate,
  answers: Readonly<FlatSellAnswers>,
): Promise<{ answers: FlatSellAnswers }> {
  const { sub } = gate.caller;
  const [storedReply] = await gate.exec<[unknown]>(gate.pipeline().hgetall(tradeKeys.flatSellAnswers(sub)));
  const stored = readFlatSellAnswers(storedReply);
  const entries = Object.entries(answers).filter(([key, answer]) => stored[key] !== answer);
  if (entries.length === 0) return { answers: stored };
  const [reply] = (await deps.store
    .pipeline()
    .eval(
      SAVE_ANSWERS,
      [tradeKeys.flatSellAnswers(sub), marketKeys.queue],
      [String(MAX_FLAT_SELL_ANSWERS), ...entries.flat(), String(deps.now()), sub],
    )
    .exec()) as [[string, number]];
  if (reply[0] === 'full')
    throw new HttpError(
      422,
      `You can keep at most ${MAX_FLAT_SELL_ANSWERS} answers to sales with nothing held (this would make ${reply[1]})`,
    );
  return { answers: { ...stored, ...Object.fromEntries(entries) } };
}
