import { endAccessTokens } from '../auth/valid-after.ts';
import type { Caller } from '../auth/verify.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { ConcurrentChangeError, TooManyAttemptsError, UnknownUserError } from '../identity/admin.ts';
import type { IdentityPorts } from '../identity/identity-ports.ts';
import { passwordError } from './rules.ts';

export type SignInDeps = IdentityPorts & Pick<Deps, 'store' | 'now'>;

/** Changes the caller's password (the email changes through a link: account/email-change.ts). */
export async function changePassword(
  deps: SignInDeps,
  caller: Caller,
  input: { password: string; currentPassword: string },
): Promise<{ updated: true }> {
  const problem = passwordError(input.password);
  if (problem) throw badRequest(problem);
  await providerCall(async () => {
    await checkCurrentPassword(deps, caller.sub, input.currentPassword);
    await endSignIns(deps, caller.sub);
    await deps.identityAdmin.updatePassword(caller.sub, input.password);
  });
  return { updated: true };
}

/**
 * "Sign out everywhere": a lost phone, a shared computer. Every sign-in of the caller ends, this
 * device's too; no password asked, as it only takes access away (a thief holding a token can do no
 * more with it than end their own session).
 */
export async function signOutEverywhere(deps: SignInDeps, caller: Caller): Promise<{ signedOut: true }> {
  await providerCall(() => endSignIns(deps, caller.sub));
  return { signedOut: true };
}

/**
 * A stolen access token must not become the account: a change of sign-in details needs the current
 * password (403 otherwise).
 */
export async function checkCurrentPassword(
  { identityAdmin }: IdentityPorts,
  sub: string,
  currentPassword: string,
): Promise<void> {
  if (!(await identityAdmin.verifyPassword(sub, currentPassword)))
    throw new HttpError(403, 'That is not your current password');
}

/**
 * Every sign-in of the member ends (refresh tokens, grants, provider sessions, and the access tokens
 * already issued: auth/valid-after.ts), so no token issued before it is accepted or renewed — the
 * caller's own device signs in again too. Called before the change itself: should the provider fail
 * either step, the worst left behind is a member signed out with the old details, never new details
 * beside sessions that outlive them.
 */
export async function endSignIns({ identityAdmin, store, now }: SignInDeps, sub: string): Promise<void> {
  await identityAdmin.endAllSignIns(sub);
  await endAccessTokens(store, sub, now());
}

/** The identity provider's refusals, as the member reads them. */
export async function providerCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof UnknownUserError) throw notFound('No User Found');
    if (error instanceof ConcurrentChangeError)
      throw new HttpError(409, 'Your account was changed at the same moment; please try again');
    if (error instanceof TooManyAttemptsError)
      throw new HttpError(429, 'Too many wrong passwords. For your security, try again later.');
    throw error;
  }
}
