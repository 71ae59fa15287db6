import { z } from 'zod';
import { AccountBody, type ContractEntry } from './shared.ts';

/** The private chat community (docs/product.md §2 /chat and /account, §7 user/discord). */
export const chatApi = {
  // The username's rules and messages come from chat/rules.ts, checked by the domain (400 with the reason).
  'user/discord': {
    method: 'POST',
    request: AccountBody.extend({ discord: z.string({ error: 'Enter your Discord username' }).max(200) }),
    response: z.object({
      /** The single-use invite link. */
      invite: z.url(),
      /** When the link stops working (ms since the epoch). */
      expiresAt: z.number(),
      /** The username it was issued for, as kept (lower-cased). */
      username: z.string(),
    }),
  },
} as const satisfies Record<string, ContractEntry>;
