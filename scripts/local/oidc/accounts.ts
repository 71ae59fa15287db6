// The accounts behind the provider: the product's own local users (functions/_lib/identity/local-users.ts),
// so what the app changes (email, password, customer id) shows in the next token at once. Also what the
// sign-in and sign-up forms tell a person, kept apart from how the pages are drawn.
import type { AccountClaims, Configuration, FindAccount } from 'oidc-provider';
import {
  createUser,
  EmailTakenError,
  getUser,
  InvalidEmailError,
  type LocalUser,
  verifyPassword,
  WeakPasswordError,
} from '../../../functions/_lib/identity/local-users.ts';
import type { Store } from '../../../functions/_lib/store.ts';
import type { FormError } from './pages.ts';

/** Claims an Auth0 Action adds in production; the functions read them from the access token. */
export const CLAIMS = {
  email: 'https://otcedge.app/email',
  customerId: 'https://otcedge.app/customer_id',
} as const;

/** A form answered: the account signed in, or the form shown again with this status and error. */
export type FormOutcome = { accountId: string } | { status: number; error: FormError };

export interface AccountStore {
  findAccount: FindAccount;
  extraTokenClaims: NonNullable<Configuration['extraTokenClaims']>;
  signIn(email: string, password: string): Promise<FormOutcome>;
  signUp(email: string, password: string): Promise<FormOutcome>;
}

const accountClaims = (user: LocalUser): AccountClaims => ({
  sub: user.sub,
  email: user.email,
  // No verification mail locally: the address is taken as verified.
  email_verified: true,
  name: user.email,
  nickname: user.email.split('@')[0] ?? user.email,
  ...(user.customerId ? { [CLAIMS.customerId]: user.customerId } : {}),
});

export function accountStore(store: Store): AccountStore {
  return {
    findAccount: async (_ctx, sub) => {
      const user = await getUser(store, sub);
      if (!user) return undefined;
      return { accountId: sub, claims: async () => accountClaims(user) };
    },

    extraTokenClaims: async (_ctx, token) => {
      // Only access tokens carry an account (client-credential tokens, which this provider never
      // issues, do not).
      const accountId = 'accountId' in token ? token.accountId : undefined;
      const user = accountId ? await getUser(store, accountId) : null;
      if (!user) return undefined;
      return {
        [CLAIMS.email]: user.email,
        ...(user.customerId ? { [CLAIMS.customerId]: user.customerId } : {}),
      };
    },

    async signIn(email, password) {
      if (!email.trim() || !password) {
        return { status: 400, error: { message: 'Enter your email address and password.' } };
      }
      const user = await verifyPassword(store, email, password);
      if (!user) return { status: 401, error: { message: 'Wrong email or password.' } };
      return { accountId: user.sub };
    },

    async signUp(email, password) {
      try {
        const { sub } = await createUser(store, { email, password });
        return { accountId: sub };
      } catch (error) {
        if (error instanceof EmailTakenError) {
          return { status: 409, error: { message: error.message, field: 'email' } };
        }
        if (error instanceof InvalidEmailError) {
          return { status: 400, error: { message: error.message, field: 'email' } };
        }
        if (error instanceof WeakPasswordError) {
          return { status: 400, error: { message: error.message, field: 'password' } };
        }
        throw error;
      }
    },
  };
}
