import type { Caller } from '../auth/verify.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { ConcurrentChangeError, EmailTakenError, UnknownUserError } from '../identity/admin.ts';
import type { IdentityPorts } from '../identity/identity-ports.ts';
import { emailError, normalizeEmail, passwordError } from './rules.ts';

/** Changes the caller's sign-in email. The account is the token's subject, whatever the body says. */
export async function changeEmail(
  { identityAdmin }: IdentityPorts,
  caller: Caller,
  email: string,
): Promise<{ updated: true }> {
  const problem = emailError(email);
  if (problem) throw badRequest(problem);
  await adminCall(() => identityAdmin.updateEmail(caller.sub, normalizeEmail(email)));
  return { updated: true };
}

/** Changes the caller's password. */
export async function changePassword(
  { identityAdmin }: IdentityPorts,
  caller: Caller,
  password: string,
): Promise<{ updated: true }> {
  const problem = passwordError(password);
  if (problem) throw badRequest(problem);
  await adminCall(() => identityAdmin.updatePassword(caller.sub, password));
  return { updated: true };
}

async function adminCall(call: () => Promise<void>): Promise<void> {
  try {
    await call();
  } catch (error) {
    if (error instanceof EmailTakenError)
      throw new HttpError(409, 'That email is already used by another account');
    if (error instanceof UnknownUserError) throw notFound('No User Found');
    if (error instanceof ConcurrentChangeError)
      throw new HttpError(409, 'Your account was changed at the same moment; please try again');
    throw error;
  }
}
