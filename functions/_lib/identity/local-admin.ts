import type { Store } from '../store.ts';
import { ConcurrentChangeError, EmailTakenError, type IdentityAdmin, UnknownUserError } from './admin.ts';
import { endAllSignIns } from './local-sessions.ts';
import * as users from './local-users.ts';

/** The identity-admin port over the local provider's user store (embedded default and tests). */
export function createLocalAdmin(store: Store): IdentityAdmin {
  return {
    updateEmail: (sub, email) => translated(users.updateEmail(store, sub, email)),
    updatePassword: (sub, password) => translated(users.updatePassword(store, sub, password)),
    setCustomerId: (sub, customerId) => translated(users.setCustomerId(store, sub, customerId)),
    verifyPassword: (sub, password) => translated(users.currentPasswordMatches(store, sub, password)),
    endAllSignIns: async (sub) => {
      await endAllSignIns(store, sub);
    },
    // Its sessions and refresh tokens first, then the user: no sign-in outlives the account.
    deleteUser: async (sub) => {
      await endAllSignIns(store, sub);
      await users.deleteUser(store, sub);
    },
  };
}

/** The store's own errors, in the port's terms. */
async function translated<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof users.EmailTakenError) throw new EmailTakenError();
    if (error instanceof users.UserNotFoundError) throw new UnknownUserError();
    if (error instanceof users.EmailChangedMeanwhileError) throw new ConcurrentChangeError();
    throw error;
  }
}
