// The accounts behind the provider: the product's own local users (functions/_lib/identity/local-users.ts),
// so what the app changes (email, password, customer id) shows in the next token at once. Also what the
// sign-in and sign-up forms tell a person, kept apart from how the pages are drawn.
import type { AccountClaims, Configuration, FindAccount } from 'oidc-provider';
import { OPERATOR_READ, OPERATOR_WRITE, permissionsClaim } from '../../../functions/_lib/auth/claims.ts';
import {
  createUser,
  EmailTakenError,
  getUser,
  InvalidEmailError,
  type LocalUser,
  validateEmail,
  validatePassword,
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

/** The form shown again with this status and error. */
export type FormRefusal = { status: number; error: FormError };
/** A form answered: the account signed in, or refused. */
export type FormOutcome = { accountId: string } | FormRefusal;

/**
 * A sign-up for an address that already has an account (and not with its password): the same status
 * as the form's other refusals and no word on why, so the page does not tell who has an account here.
 */
export const SIGN_UP_REFUSED: FormRefusal = {
  status: 400,
  error: {
    message:
      "We couldn't create an account with those details. If you already have an account, sign in instead.",
  },
};

export interface AccountStore {
  findAccount: FindAccount;
  extraTokenClaims: NonNullable<Configuration['extraTokenClaims']>;
  signIn(email: string, password: string): Promise<FormOutcome>;
  /** The sign-up form's checks that do not depend on whether the address has an account. */
  signUpProblem(email: string, password: string): FormRefusal | null;
  /**
   * A new account, or 'taken' when the address has one. The password is hashed either way before the
   * store is asked, so a taken address costs what a new one costs.
   */
  signUp(email: string, password: string): Promise<{ accountId: string } | 'taken'>;
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
        // Auth0 RBAC's claim, for an account with the operator role (docs/operator.md).
        ...(user.operator ? { [permissionsClaim]: [OPERATOR_READ, OPERATOR_WRITE] } : {}),
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

    signUpProblem(email, password) {
      try {
        validateEmail(email);
        validatePassword(password);
        return null;
      } catch (error) {
        if (error instanceof InvalidEmailError) {
          return { status: 400, error: { message: error.message, field: 'email' } };
        }
        if (error instanceof WeakPasswordError) {
          return { status: 400, error: { message: error.message, field: 'password' } };
        }
        throw error;
      }
    },

    async signUp(email, password) {
      try {
        // createUser hashes the password before it claims the address: a taken one costs the same.
        const { sub } = await createUser(store, { email, password });
        return { accountId: sub };
      } catch (error) {
        if (error instanceof EmailTakenError) return 'taken';
        throw error;
      }
    },
  };
}
