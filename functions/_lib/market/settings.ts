/**
 * The market-data settings (docs/market-data.md), validated like every other setting (config.ts).
 * All optional: without MASSIVE_API_KEY the product still starts, and the trade review says market
 * data is not configured.
 */
import { z } from 'zod';

export const MASSIVE_DEFAULT_URL = 'https://api.massive.com';
/** Massive's free plan (Stocks Basic) allows 5 calls a minute; paid plans are unmetered. */
export const MASSIVE_DEFAULT_RATE = 5;

/**
 * Whose Massive key fetches a member's bars (docs/market-data.md, "Whose key"): the operator's
 * (MASSIVE_API_KEY, one cache for every member: needs a business plan to show them to members) or
 * each member's own (saved on /account, their bars cached for them only).
 */
export type KeySource = 'operator' | 'member';

/** Member mode's settings: where their keys are sent, and the secret their keys are sealed with. */
export interface MemberKeysConfig {
  apiBase: string;
  synthetic: boolean;
  /** MARKET_KEY_SECRET: the AES-256-GCM key of the stored member keys is derived from it (key-cipher.ts). */
  secret: string;
}

export type MarketConfig = (
  | { kind: 'none'; ratePerMinute: number }
  | {
      kind: 'massive';
      apiKey: string;
      apiBase: string;
      ratePerMinute: number;
      /** The local stand-in (scripts/local/market-data.ts) answers: its bars are made up. */
      synthetic: boolean;
    }
) & {
  /** Present only when MASSIVE_KEY_SOURCE=member: each member's own key fetches their bars. */
  members?: MemberKeysConfig;
};

/** A MarketConfig's key source: member mode is the one with `members`. */
export const keySource = (config: MarketConfig): KeySource => (config.members ? 'member' : 'operator');

const blank = z.literal('').transform(() => undefined);

const marketSchema = z.object({
  MASSIVE_API_KEY: z
    .string()
    .regex(/^[\w-]{8,128}$/, 'must be the API key of a Massive account (Dashboard → API Keys)')
    .optional()
    .or(blank),
  MASSIVE_API_URL: z
    .url({ error: 'must be the Massive API base URL (https://api.massive.com)' })
    .optional()
    .or(blank)
    .transform((value) => (value ?? MASSIVE_DEFAULT_URL).replace(/\/+$/, '')),
  MASSIVE_RATE_PER_MINUTE: z
    .string()
    .regex(/^\d{1,6}$/, 'must be the calls a minute the Massive plan allows (5 on the free plan)')
    .refine(
      (text) => Number(text) > 0,
      'must be the calls a minute the Massive plan allows (5 on the free plan)',
    )
    .optional()
    .or(blank)
    .transform((text) => (text ? Number(text) : MASSIVE_DEFAULT_RATE)),
  // Blank is the default, as for the other settings; a union would lose this message.
  MASSIVE_KEY_SOURCE: z
    .enum(['operator', 'member', ''], {
      error: "must be 'operator' (the operator's MASSIVE_API_KEY) or 'member' (each member's own key)",
    })
    .optional()
    .transform((value): KeySource => value || 'operator'),
  // Sealing member keys: long enough to be a secret, whatever its alphabet (openssl rand -base64 32).
  MARKET_KEY_SECRET: z
    .string()
    .min(32, 'must be a random secret of at least 32 characters (openssl rand -base64 32)')
    .optional()
    .or(blank),
});

/**
 * The market-data settings, or null with every problem added (names and rules only, never a value).
 * `standIns`: config.ts' judgement that local stand-ins may be used; only then may the API be a
 * plain http:// address (the local stand-in), and its bars are marked as made up.
 */
export function marketSettings(
  env: Record<string, string | undefined>,
  standIns: boolean,
  problems: string[],
): MarketConfig | null {
  const parsed = marketSchema.safeParse(env);
  if (!parsed.success) {
    problems.push(...parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
    return null;
  }
  const {
    MASSIVE_API_KEY: apiKey,
    MASSIVE_API_URL: apiBase,
    MASSIVE_RATE_PER_MINUTE: ratePerMinute,
    MASSIVE_KEY_SOURCE: source,
    MARKET_KEY_SECRET: secret,
  } = parsed.data;
  const plain = apiBase.startsWith('http://');
  if (plain && !standIns) {
    // The key travels in the query string: never over plain HTTP to anything but this machine's stand-in.
    problems.push(
      'MASSIVE_API_URL must be an https:// address (a plain http:// one is for the local stand-in)',
    );
    return null;
  }
  let members: { members?: MemberKeysConfig } = {};
  if (source === 'member') {
    // Fail closed: member keys are never stored unsealed, nor sealed with a made-up secret (npm start
    // and the tests set their own).
    if (!secret) {
      problems.push(
        'MARKET_KEY_SECRET must be set when MASSIVE_KEY_SOURCE=member (a random secret of at least 32 characters: openssl rand -base64 32)',
      );
      return null;
    }
    members = { members: { apiBase, synthetic: plain, secret } };
  }
  if (!apiKey) return { kind: 'none', ratePerMinute, ...members };
  return { kind: 'massive', apiKey, apiBase, ratePerMinute, synthetic: plain, ...members };
}
