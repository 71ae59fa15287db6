import type { Store } from '../store.ts';
import { ConcurrentChangeError, EmailTakenError, type IdentityAdmin, UnknownUserError } from './admin.ts';
import * as users from './local-users.ts';

/** The identity-admin port over the local provider's user store (embedded default and tests). */
export function createLocalAdmin(store: Store): IdentityAdmin {
  return {
    updateEmail: (sub, email) => translated(users.updateEmail(store, sub, email)),
    updatePassword: (sub, password) => translated(users.updatePassword(store, sub, password)),
    setCustomerId: (sub, customerId) => translated(users.setCustomerId(store, sub, customerId)),
  };
}

/** The store's own errors, in the port's terms. */
async function translated(call: Promise<void>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (error instanceof users.EmailTakenError) throw new EmailTakenError();
    if (error instanceof users.UserNotFoundError) throw new UnknownUserError();
    if (error instanceof users.EmailChangedMeanwhileError) throw new ConcurrentChangeError();
    throw error;
  }
}
