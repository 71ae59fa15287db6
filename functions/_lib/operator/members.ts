import {
  hasAccess,
  isComplimentary,
  type Membership,
  membershipKey,
  parseMembership,
} from '../billing/membership.ts';
import { chatKeys } from '../chat/keys.ts';
import { parseChatRecord } from '../chat/record.ts';
import type { ApiRequest, ApiResponse } from '../contract/index.ts';
import type { MemberRow } from '../contract/operator.ts';
import type { Deps } from '../deps.ts';
import { badRequest } from '../http/errors.ts';
import { flatEntries } from '../store.ts';
import { memberFields, opsKeys } from './keys.ts';
import { nextCursor, type SearchBounds, searchMembers } from './search.ts';

/**
 * The operator's member list and search (docs/operator.md): a page of the member index, newest
 * first, or of the members a query finds (search.ts), newest first too. Two round trips whatever the
 * page: the subjects (one ZRANGE, or the search's one script), then one pipeline reading every
 * row's keys.
 */
export const MEMBERS_PAGE_SIZE = 25;

type MembersDeps = Pick<Deps, 'store' | 'now'>;

export async function listMembers(
  deps: MembersDeps,
  input: ApiRequest<'operator/members'>,
  bounds?: SearchBounds,
): Promise<ApiResponse<'operator/members'>> {
  const limit = input.limit ?? MEMBERS_PAGE_SIZE;
  const cursor = input.cursor ? parseCursor(input.cursor) : null;
  const query = input.query?.trim();
  if (query) {
    const found = await searchMembers(deps.store, { query, cursor, limit }, bounds);
    return { members: await readRows(deps, found.subs), next: found.next };
  }
  const reply = (await deps.store.zrange(opsKeys.members, cursor ? cursor.score : '+inf', '-inf', {
    byScore: true,
    rev: true,
    offset: cursor?.skip ?? 0,
    count: limit + 1,
    withScores: true,
  })) as unknown[];
  const page: Array<{ sub: string; score: number }> = [];
  for (let i = 0; i + 1 < reply.length; i += 2)
    page.push({ sub: String(reply[i]), score: Number(reply[i + 1]) });
  const shown = page.slice(0, limit);
  // Members first seen in the same ms share a score: the cursor counts those already shown.
  const next = page.length > limit ? nextCursor(shown, cursor) : null;
  return {
    members: await readRows(
      deps,
      shown.map((entry) => entry.sub),
    ),
    next,
  };
}

function parseCursor(cursor: string): { score: number; skip: number } {
  const match = /^(\d{1,16})\|(\d{1,9})$/.exec(cursor);
  if (!match) throw badRequest('cursor: Not a cursor from an earlier answer');
  return { score: Number(match[1]), skip: Number(match[2]) };
}

/** Every row in one pipeline: the index hash, the membership and the chat record of each member. */
async function readRows({ store, now }: MembersDeps, subs: readonly string[]): Promise<MemberRow[]> {
  if (subs.length === 0) return [];
  const pipe = store.pipeline();
  for (const sub of subs) pipe.hgetall(opsKeys.member(sub)).get(membershipKey(sub)).get(chatKeys.member(sub));
  const replies = await pipe.exec<unknown[]>();
  const at = now();
  return subs.map((sub, i) =>
    memberRow(sub, flatEntries(replies[i * 3]), parseMembership(replies[i * 3 + 1]), replies[i * 3 + 2], at),
  );
}

const msOrNull = (value: string | undefined) => {
  const ms = Number(value);
  return value && Number.isFinite(ms) ? ms : null;
};

export function memberRow(
  sub: string,
  fields: Array<[string, string]>,
  membership: Membership | null,
  rawChat: unknown,
  now: number,
): MemberRow {
  const index = new Map(fields);
  const chat = parseChatRecord(rawChat);
  return {
    sub,
    email: index.get(memberFields.email) || null,
    customerId: membership?.customerId ?? null,
    plan: membership?.plan ?? null,
    status: statusOf(membership, msOrNull(index.get(memberFields.complimentaryUntil)), now),
    currentPeriodEnd: membership?.currentPeriodEnd ?? null,
    autopay: membership ? !membership.cancelAtPeriodEnd : null,
    promo: index.get(memberFields.promo) || null,
    referral: membership?.referral ?? null,
    chat: chat && {
      username: chat.username,
      access: chat.revoked ? 'revoked' : chat.account ? 'joined' : 'invited',
    },
    signedUpAt: msOrNull(index.get(memberFields.signedUpAt)),
    lastVisit: msOrNull(index.get(memberFields.lastVisit)),
  };
}

/**
 * The console's status, by the one access rule (billing/membership.ts): access → free (a
 * complimentary membership), active, past due (in the grace period) or ending (autopay off); no
 * access → free while the index's complimentary grant runs, else ended.
 */
export function statusOf(
  membership: Membership | null,
  complimentaryUntil: number | null,
  now: number,
): MemberRow['status'] {
  if (membership && hasAccess(membership, now)) {
    if (isComplimentary(membership)) return 'free';
    if (membership.status === 'past_due') return 'past due';
    return membership.cancelAtPeriodEnd ? 'ending' : 'active';
  }
  return complimentaryUntil !== null && complimentaryUntil > now ? 'free' : 'ended';
}
