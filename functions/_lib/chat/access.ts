import { hasAccess, membershipKey, parseMembership } from '../billing/membership.ts';
import type { Deps } from '../deps.ts';
import { logWarning } from '../http/log.ts';
import type { ChatPorts } from './chat-ports.ts';
import { chatKeys } from './keys.ts';
import { parseChatRecord, writeChatRecord } from './record.ts';

/**
 * Community access follows the membership: when billing has changed a member's subscription (the
 * Stripe webhook, a new charge; locally also the invite page, which notices a lapsed period), this
 * takes the member role away from a member without access, and gives it back on renewal. Only
 * members who asked for an invite have anything to follow.
 *
 * Never throws: a chat failure must not break billing (a webhook that failed would be retried by
 * Stripe and re-applied, but the membership itself is already stored). The failure is logged and
 * the record left as it was, so the next billing change tries again.
 */
export async function followMembership(
  deps: Pick<Deps, 'store' | 'now'> & ChatPorts,
  sub: string,
): Promise<void> {
  try {
    const [rawMembership, rawRecord] = await deps.store
      .pipeline()
      .get(membershipKey(sub))
      .get(chatKeys.member(sub))
      .exec<[string | null, string | null]>();
    const record = parseChatRecord(rawRecord);
    if (!record) return;
    const access = hasAccess(parseMembership(rawMembership), deps.now());
    if (access === !record.revoked) return;
    const chat = await deps.chat();
    const member = { sub, username: record.username };
    if (access) {
      await chat.grantAccess(member);
      await writeChatRecord(deps.store, sub, { ...record, revoked: false });
    } else {
      await chat.revokeAccess(member, record.invite);
      await writeChatRecord(deps.store, sub, { ...record, invite: null, revoked: true });
    }
  } catch (error) {
    logWarning('could not bring chat access in line with the membership', error);
  }
}
