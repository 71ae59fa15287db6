/**
 * A verified email change (docs/identity.md "Changing the email"):
 * 1. /account asks for it with the current password: a link goes to the NEW address, valid 24 h,
 *    single use. Nothing changes yet, so an address mistyped or not the member's changes nothing,
 *    and a stolen token cannot point the product's emails elsewhere. A newer request ends the
 *    older link.
 * 2. Following it (the static page /confirm-email posts the token) ends every sign-in of the member
 *    and changes the email; the OLD address is told, with a link that puts it back (valid 7 days).
 * 3. That link restores the old address, ends every sign-in again and any change link asked for
 *    meanwhile: whoever changed it is out, and "Forgot password?" now mails the owner.
 * Each link is a random 256-bit token, kept only as its SHA-256 digest; the store's copy is taken
 * with GETDEL, so two clicks cannot both use it. A provider failure after that puts it back.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../auth/verify.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { EmailTakenError } from '../identity/admin.ts';
import { enqueueEmailCall } from '../mail/queue.ts';
import { siteUrl } from '../mail/site-url.ts';
import { moveMemberEmail } from '../operator/member-email.ts';
import { hashEntries, parseJson, type Store } from '../store.ts';
import { checkCurrentPassword, endSignIns, providerCall, type SignInDeps } from './account.ts';
import { subDigest } from './deleted-marker.ts';
import { emailError, normalizeEmail } from './rules.ts';

export type EmailLinkPurpose = 'change' | 'restore';

/** How long each link works. */
export const LINK_TTL_S: Record<EmailLinkPurpose, number> = { change: 24 * 3600, restore: 7 * 24 * 3600 };

/** The static page the links open; the token is in the fragment, never sent to a server or a log. */
export const CONFIRM_PAGE = '/confirm-email';

interface LinkRecord {
  sub: string;
  /** The address the link sets. */
  email: string;
  /** The address it replaces (the one told about a change). */
  from: string | null;
  purpose: EmailLinkPurpose;
  /** ms: when the link stops working (what a put-back keeps). */
  expiresAt: number;
}

export const emailLinkKeys = {
  /** JSON LinkRecord, by the token's digest; expires with the link. */
  link: (digest: string) => `account:email-link:${digest}`,
  /** HASH token digest → purpose: a member's open links (a newer request ends older change links; deletion ends all). */
  member: (sub: string) => `account:email-links:${subDigest(sub)}`,
};

const tokenDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/** /api/user/updateemail: checks the address and the password, then mails the new address a link. */
export async function requestEmailChange(
  deps: SignInDeps,
  caller: Caller,
  input: { email: string; currentPassword: string },
): Promise<{ sent: true; email: string }> {
  const problem = emailError(input.email);
  if (problem) throw badRequest(problem);
  const email = normalizeEmail(input.email);
  if (caller.email && normalizeEmail(caller.email) === email) throw badRequest('That is already your email');
  await providerCall(() => checkCurrentPassword(deps, caller.sub, input.currentPassword));
  // An address another account uses is answered as any other: the link goes to it, and following it
  // is refused there (its owner reads that, not the requester). Nothing tells an address has an account.
  await issueLink(deps, { sub: caller.sub, email, from: caller.email, purpose: 'change' });
  return { sent: true, email };
}

/** /api/user/confirmemail: uses a link's token once; answers the address the account now has. */
export async function confirmEmailLink(
  deps: SignInDeps,
  input: { token: string; purpose: EmailLinkPurpose },
): Promise<{ email: string; restored: boolean }> {
  const { store, identityAdmin } = deps;
  const digest = tokenDigest(input.token);
  const record = parseJson<LinkRecord>(await store.getdel(emailLinkKeys.link(digest)));
  if (!record || record.purpose !== input.purpose || record.expiresAt <= deps.now())
    throw new HttpError(410, expiredMessage(input.purpose));
  try {
    await providerCall(async () => {
      await endSignIns(deps, record.sub);
      await identityAdmin.updateEmail(record.sub, record.email);
    });
  } catch (error) {
    if (error instanceof EmailTakenError)
      throw new HttpError(409, `${record.email} belongs to another account now: nothing was changed`);
    // The provider failed: the link works again for the rest of its life.
    await putBack(store, digest, record, deps.now());
    throw error;
  }
  // Member emails go to the new address, and the console finds the member by it.
  await moveMemberEmail(store, record.sub, record.email);
  // The used link leaves the member's list in the same transaction as the restore link arrives.
  if (record.purpose === 'change' && record.from)
    await issueLink(
      deps,
      { sub: record.sub, email: record.from, from: record.email, purpose: 'restore' },
      digest,
    );
  else await store.hdel(emailLinkKeys.member(record.sub), digest);
  // Whoever changed the address may have asked for another change meanwhile: its link goes too.
  if (record.purpose === 'restore') await dropEmailLinks(store, record.sub, 'change');
  return { email: record.email, restored: record.purpose === 'restore' };
}

function expiredMessage(purpose: EmailLinkPurpose): string {
  return purpose === 'change'
    ? 'This link has expired or was already used. Ask for a new one on your Account page.'
    : 'This link has expired or was already used. Write to support to get your account back.';
}

/** Stores a new link (a change ends the member's older change links) and queues its email, in one round trip after one read. */
async function issueLink(
  { store, now }: Pick<SignInDeps, 'store' | 'now'>,
  link: Omit<LinkRecord, 'expiresAt'>,
  /** A link of the member just used, to take off their list in the same transaction. */
  used?: string,
): Promise<void> {
  const at = now();
  const token = randomBytes(32).toString('base64url');
  const digest = tokenDigest(token);
  const ttl = LINK_TTL_S[link.purpose];
  const record: LinkRecord = { ...link, expiresAt: at + ttl * 1000 };
  const memberKey = emailLinkKeys.member(link.sub);
  const open = link.purpose === 'change' ? await hashEntries(store, memberKey) : [];
  const older = open.flatMap(([d, purpose]) => (purpose === 'change' ? [d] : []));
  const url = `${siteUrl()}${CONFIRM_PAGE}#${link.purpose}=${token}`;
  const mail =
    link.purpose === 'change'
      ? enqueueEmailCall(
          {
            key: `email-change:${digest.slice(0, 32)}`,
            to: link.email,
            template: 'email-confirm',
            data: { newEmail: link.email, confirmUrl: url },
          },
          at,
        )
      : enqueueEmailCall(
          {
            key: `email-restore:${digest.slice(0, 32)}`,
            to: link.email,
            template: 'email-changed',
            data: { newEmail: link.from ?? '', secureUrl: url },
          },
          at,
        );
  const pipe = store.multi();
  for (const d of older) pipe.del(emailLinkKeys.link(d));
  const gone = used ? [...older, used] : older;
  if (gone.length) pipe.hdel(memberKey, ...gone);
  pipe
    .set(emailLinkKeys.link(digest), JSON.stringify(record), { ex: ttl })
    .hset(memberKey, { [digest]: link.purpose })
    .expire(memberKey, LINK_TTL_S.restore)
    .eval(mail.script, mail.keys, mail.args);
  await pipe.exec();
}

async function putBack(store: Store, digest: string, record: LinkRecord, now: number): Promise<void> {
  const left = record.expiresAt - now;
  if (left > 0) await store.set(emailLinkKeys.link(digest), JSON.stringify(record), { px: left });
}

/** A member's open links go: every one (account deletion), or those for one purpose. */
export async function dropEmailLinks(store: Store, sub: string, purpose?: EmailLinkPurpose): Promise<void> {
  const memberKey = emailLinkKeys.member(sub);
  const digests = (await hashEntries(store, memberKey)).flatMap(([digest, kind]) =>
    purpose === undefined || kind === purpose ? [digest] : [],
  );
  if (purpose === undefined) {
    await store.del(memberKey, ...digests.map(emailLinkKeys.link));
    return;
  }
  if (digests.length)
    await store
      .multi()
      .del(...digests.map(emailLinkKeys.link))
      .hdel(memberKey, ...digests)
      .exec();
}
