import { z } from 'zod';
import raw from '../../../content/billing.json' with { type: 'json' };

/**
 * content/billing.json, checked when a function first loads it (and by a unit test on every run),
 * so an editor's typo fails loudly with the field named instead of charging a wrong price.
 */
const price = z.string().regex(/^\d+\.\d{2}$/, 'must be a price with two decimals, e.g. "64.99"');

const schema = z
  .strictObject({
    plans: z.strictObject({ monthly: z.strictObject({ price }), yearly: z.strictObject({ price }) }),
    promoCodes: z.array(
      z.strictObject({
        code: z.string().regex(/^[A-Z0-9_-]{3,40}$/, 'use 3-40 capital letters, digits, - or _'),
        percentOff: z.int().min(1).max(100),
        plan: z.enum(['monthly', 'yearly']),
      }),
    ),
    emailPromoCode: z.string().min(1),
  })
  .refine((c) => new Set(c.promoCodes.map((p) => p.code)).size === c.promoCodes.length, {
    error: 'promoCodes: each code once',
  })
  .refine((c) => c.promoCodes.some((p) => p.code === c.emailPromoCode), {
    error: 'emailPromoCode must be one of promoCodes (for local billing)',
  });

export type BillingContent = z.infer<typeof schema>;

export function parseBillingContent(value: unknown): BillingContent {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`content/billing.json is invalid:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

let cached: BillingContent | undefined;
export function billingContent(): BillingContent {
  cached ??= parseBillingContent(raw);
  return cached;
}
