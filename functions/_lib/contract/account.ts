import { z } from 'zod';
import { LINK_TOKEN } from '../account/rules.ts';
import {
  MAX_MEMBER_RATE,
  MEMBER_KEY_PATTERN,
  MEMBER_KEY_RULE,
  MEMBER_RATE_RULE,
} from '../market/member-key-rules.ts';
import { AccountBody, type ContractEntry, Updated } from './shared.ts';

/**
 * Beyond the brief: a change of sign-in details needs the member's current password, so a stolen
 * access token cannot take the account (functions/_lib/account/account.ts).
 */
const currentPassword = z
  .string({ error: 'Enter your current password' })
  .min(1, 'Enter your current password')
  .max(1000);

/** A file streamed as it is produced (the handler's `download`), not JSON. */
const Download = z.custom<ReadableStream<Uint8Array>>((value) => value instanceof ReadableStream);

/**
 * Whose Massive key fetches the member's bars (docs/market-data.md, "Whose key"): `operator` (the
 * site's plan; nothing to save) or `member` (their own, `saved` or not, shown by its last 4).
 */
export const MarketKeyStatus = z.object({
  mode: z.enum(['operator', 'member']),
  saved: z.boolean(),
  last4: z.string().nullable(),
  /** The calls a minute the member's plan allows (their own budget); 5, the free plan's, by default. */
  perMinute: z.number().int(),
});

/** Sign-in details the member changes on /account, and the member's own data (docs/security.md "Your data"). */
export const accountApi = {
  // Messages for bad values come from account/rules.ts (docs/product.md §5 wording), checked by the domain.
  // The email changes once the member follows a link sent to the new address (account/email-change.ts).
  'user/updateemail': {
    method: 'POST',
    request: AccountBody.extend({
      email: z.string({ error: 'Email is Required' }).max(1000),
      currentPassword,
    }),
    response: z.object({ sent: z.literal(true), email: z.string() }),
  },
  /**
   * Public: the link from an email change's message (or the old address's "secure my account"),
   * opened on any device, signed in or not. The token is the proof.
   */
  'user/confirmemail': {
    method: 'POST',
    request: z.object({
      token: z
        .string({ error: 'This link is not complete: open it from the email again' })
        .regex(LINK_TOKEN, {
          error: 'This link is not complete: open it from the email again',
        }),
      purpose: z.enum(['change', 'restore'], { error: 'Use change or restore' }),
    }),
    response: z.object({ email: z.string(), restored: z.boolean() }),
  },
  'user/updatepassword': {
    method: 'POST',
    request: AccountBody.extend({
      password: z.string({ error: 'Both fields are Required' }).max(1000),
      currentPassword,
    }),
    response: Updated,
  },
  /** Signs the caller out of every device (account/account.ts `signOutEverywhere`). */
  'user/signout': {
    method: 'POST',
    request: AccountBody,
    response: z.object({ signedOut: z.literal(true) }),
  },
  /**
   * Member mode: saves the caller's own Massive key once the provider took it (one call), sealed; or
   * removes it (`key: null`). 409 in operator mode (account/market-key.ts).
   */
  'account/marketkey': {
    method: 'POST',
    request: AccountBody.extend({
      key: z
        .string({ error: 'Enter your Massive API key (or null to remove the saved one)' })
        .trim()
        .regex(MEMBER_KEY_PATTERN, MEMBER_KEY_RULE)
        .nullable(),
      perMinute: z
        .number({ error: MEMBER_RATE_RULE })
        .int(MEMBER_RATE_RULE)
        .min(1, MEMBER_RATE_RULE)
        .max(MAX_MEMBER_RATE, MEMBER_RATE_RULE)
        .optional(),
    }),
    response: MarketKeyStatus,
  },
  /** Whose key fetches the caller's bars, and whether theirs is saved (never the key itself). */
  'account/marketkey/status': {
    method: 'POST',
    request: AccountBody,
    response: MarketKeyStatus,
  },
  /** Everything kept of the caller, as one JSON file (account/export.ts documents the shape). */
  'account/export': {
    method: 'POST',
    request: AccountBody,
    response: Download,
  },
  /** Deletes the caller's account for good (account/deletion.ts); the password proves it is them. */
  'account/delete': {
    method: 'POST',
    request: AccountBody.extend({
      // Missing or empty: the domain answers "Enter your password to delete your account".
      password: z.string().max(1000).default(''),
    }),
    response: z.object({ deleted: z.literal(true) }),
  },
} as const satisfies Record<string, ContractEntry>;
