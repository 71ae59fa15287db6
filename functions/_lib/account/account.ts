import type { Caller } from '../auth/verify.ts';
import type { Deps } from '../deps.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import {
  ConcurrentChangeError,
  EmailTakenError,
  TooManyAttemptsError,
  UnknownUserError,
} from '../identity/admin.ts';
import type { IdentityPorts } from '../identity/identity-ports.ts';
import { moveMemberEmail } from '../operator/member-email.ts';
import { emailError, normalizeEmail, passwordError } from './rules.ts';

/** A change of sign-in details: the new value and the member's current password. */
interface Change {
  currentPassword: string;
}

/**
 * Changes the caller's sign-in email. The account is the token's subject, whatever the body says.
 * An address another account uses is answered as any other (nothing tells an address has an
 * account), and the caller's email stays as it was.
 */
export async function changeEmail(
  { identityAdmin, store }: IdentityPorts & Pick<Deps, 'store'>,
  caller: Caller,
  input: Change & { email: string },
): Promise<{ updated: true }> {
  const problem = emailError(input.email);
  if (problem) throw badRequest(problem);
  const email = normalizeEmail(input.email);
  await changeSignIn({ identityAdmin }, caller, input.currentPassword, async () => {
    try {
      await identityAdmin.updateEmail(caller.sub, email);
    } catch (error) {
      if (!(error instanceof EmailTakenError)) throw error;
      return;
    }
    // Member emails go to the new address, and the console finds the member by it. Should this
    // write fail, the answer is a 5xx and the member's retry (same address) writes it again.
    await moveMemberEmail(store, caller.sub, email);
  });
  return { updated: true };
}

/** Changes the caller's password. */
export async function changePassword(
  { identityAdmin }: IdentityPorts,
  caller: Caller,
  input: Change & { password: string },
): Promise<{ updated: true }> {
  const problem = passwordError(input.password);
  if (problem) throw badRequest(problem);
  await changeSignIn({ identityAdmin }, caller, input.currentPassword, () =>
    identityAdmin.updatePassword(caller.sub, input.password),
  );
  return { updated: true };
}

/**
 * A stolen access token must not become the account: the change needs the current password, and
 * every sign-in of the member ends (refresh tokens, grants, provider sessions), so no token issued
 * before it can be renewed — the caller's own device signs in again too. The sign-ins end first:
 * should the provider fail either step, the worst left behind is a member signed out with the old
 * details, never new details beside sessions that outlive them.
 */
async function changeSignIn(
  { identityAdmin }: IdentityPorts,
  caller: Caller,
  currentPassword: string,
  change: () => Promise<void>,
): Promise<void> {
  try {
    if (!(await identityAdmin.verifyPassword(caller.sub, currentPassword))) {
      throw new HttpError(403, 'That is not your current password');
    }
    await identityAdmin.endAllSignIns(caller.sub);
    await change();
  } catch (error) {
    if (error instanceof UnknownUserError) throw notFound('No User Found');
    if (error instanceof ConcurrentChangeError)
      throw new HttpError(409, 'Your account was changed at the same moment; please try again');
    if (error instanceof TooManyAttemptsError)
      throw new HttpError(429, 'Too many wrong passwords. For your security, try again later.');
    throw error;
  }
}
