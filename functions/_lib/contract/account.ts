import { z } from 'zod';
import { AccountBody, type ContractEntry, Updated } from './shared.ts';

/** Sign-in details the member changes on /account. */
export const accountApi = {
  // Messages for bad values come from account/rules.ts (SPEC §5 wording), checked by the domain.
  'user/updateemail': {
    method: 'POST',
    request: AccountBody.extend({ email: z.string({ error: 'Email is Required' }).max(1000) }),
    response: Updated,
  },
  'user/updatepassword': {
    method: 'POST',
    request: AccountBody.extend({ password: z.string({ error: 'Both fields are Required' }).max(1000) }),
    response: Updated,
  },
} as const satisfies Record<string, ContractEntry>;
