/**
 * A member's own Massive key on /account (MASSIVE_KEY_SOURCE=member; docs/market-data.md, "Whose
 * key"): read whether one is saved, save one the provider takes, remove it. The key is checked with
 * one provider call before anything is written, stored sealed (market/key-cipher.ts), and never
 * answered back: only its last 4 characters.
 */
import type { z } from 'zod';
import type { Caller } from '../auth/verify.ts';
import type { MarketKeyStatus } from '../contract/account.ts';
import type { Deps } from '../deps.ts';
import { HttpError, unavailable } from '../http/errors.ts';
import { tooManyRequests } from '../http/rate-limit.ts';
import { marketKeys, memberMarketKeys } from '../market/keys.ts';
import type { MarketSource } from '../market/market-source.ts';
import { keyFields, readSavedKey, type SavedKey } from '../market/member-key.ts';
import { DEFAULT_MEMBER_RATE } from '../market/member-key-rules.ts';

type Status = z.infer<typeof MarketKeyStatus>;

export const OPERATOR_MODE_MESSAGE =
  'Market data on this site comes with its own Massive plan, so there is no key of yours to save.';
export const REFUSED_KEY_MESSAGE =
  'Massive refused this key: copy it again from massive.com (Dashboard → API Keys). Nothing was saved.';
export const PROVIDER_DOWN_MESSAGE =
  'Massive did not answer, so the key could not be checked and nothing was saved. Try again in a few minutes.';

const operatorStatus: Status = {
  mode: 'operator',
  saved: false,
  last4: null,
  perMinute: DEFAULT_MEMBER_RATE,
};

const memberStatus = (saved: SavedKey | null): Status => ({
  mode: 'member',
  saved: saved !== null,
  last4: saved?.last4 ?? null,
  perMinute: saved?.perMinute ?? DEFAULT_MEMBER_RATE,
});

/** Whose key is used, and whether the caller saved theirs (one HGETALL in member mode, none otherwise). */
export async function marketKeyStatus(
  deps: Pick<Deps, 'store'>,
  source: MarketSource,
  caller: Caller,
): Promise<Status> {
  if (source.mode === 'operator') return operatorStatus;
  const reply = await deps.store.hgetall(memberMarketKeys(caller.sub).key);
  return memberStatus(readSavedKey(reply, source.cipher, caller.sub));
}

/**
 * Saves `key` (after one provider call says it is good) with the plan's `perMinute`, and queues the
 * member's MAE/MFE to be measured now; `key: null` removes the saved one. Bars already fetched with a
 * removed key stay in the member's own cache (they were theirs to see) and go with the account.
 */
export async function saveMarketKey(
  deps: Pick<Deps, 'store' | 'now'>,
  source: MarketSource,
  caller: Caller,
  input: { key: string | null; perMinute?: number | undefined },
): Promise<Status> {
  if (source.mode !== 'member') throw new HttpError(409, OPERATOR_MODE_MESSAGE);
  const { sub } = caller;
  const keys = memberMarketKeys(sub);
  if (input.key === null) {
    await deps.store.del(keys.key);
    return memberStatus(null);
  }
  const perMinute = input.perMinute ?? DEFAULT_MEMBER_RATE;
  const check = await source.checkKey(input.key);
  if (check.kind === 'refused') throw new HttpError(422, REFUSED_KEY_MESSAGE);
  if (check.kind === 'unavailable') {
    if (check.reason === 'rate-limited')
      throw tooManyRequests(Math.max(1, Math.ceil((check.retryAfterMs ?? 60_000) / 1000)));
    throw unavailable(PROVIDER_DOWN_MESSAGE);
  }
  const fields = keyFields(source.cipher, sub, input.key, perMinute);
  await deps.store
    .multi()
    .hset(keys.key, fields)
    // Their trips' MAE/MFE can be measured now (the job left them, without a key, for an hour).
    .zadd(marketKeys.queue, { score: deps.now(), member: sub })
    .exec();
  return { mode: 'member', saved: true, last4: fields.last4, perMinute };
}
