/**
 * Schema for `content/site.json`: the product facts editors own (name, tagline,
 * links, default prices...). Build-time only: it pulls in zod, so browser code
 * should import `site.ts` instead, which carries the same type without zod.
 * `site/content.config.ts` calls `parseSite` on every `astro build`/`astro dev`,
 * so a typo in site.json fails the build with a readable message.
 */
import { z } from 'zod';

/** Exact decimal string with two decimals ("64.99"): money never goes through floats. */
const price = z
  .string()
  .regex(/^\d+\.\d{2}$/, { error: 'must be a price string with two decimals, e.g. "64.99"' });

const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an absolute https:// URL' });

export const siteSchema = z.strictObject({
  /** Product name, e.g. "OTC Edge". Used in every page title. */
  name: z.string().trim().min(1),
  /** Production address (https, no path): canonical links, the sitemap and social previews use it. */
  url: z
    .url({ protocol: /^https$/, error: 'must be the https:// address of the site' })
    .regex(/^https:\/\/[^/]+$/, {
      error:
        'must be the address of the site only, with no path or trailing slash, e.g. "https://otcedge.app"',
    }),
  /** Short line about learning to trade penny stocks; default title is `${tagline} | ${name}`. */
  tagline: z.string().trim().min(1).max(60),
  /** Default meta description (search snippets): keep it under ~160 characters. */
  description: z.string().trim().min(50).max(240),
  /** External contact address (footer "Contact", Media "Email Us"): mailto: or https://. */
  contactUrl: z.url({ protocol: /^(https|mailto)$/, error: 'must be a mailto: or https:// URL' }),
  /** External support link (a social profile), shown in the signed-in account menu. */
  supportUrl: httpsUrl,
  social: z.strictObject({
    x: httpsUrl,
    youtube: httpsUrl,
    instagram: httpsUrl,
  }),
  /** Default prices; plans stored by the member app override them (docs/product.md §1). */
  prices: z.strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, { error: 'must be an ISO currency code, e.g. "USD"' }),
    monthly: price,
    yearly: price,
    /** "As low as" monthly-equivalent price (the yearly plan spread over 12 months). */
    asLowAs: price,
  }),
  /** When the daily live stream starts, as shown in copy: "8PM Eastern". Keep it true to `liveStream`. */
  liveStreamTime: z.string().trim().min(1),
  /** The stream's schedule, for the member's "live now" / "next session" and its countdown on /stream. */
  liveStream: z.strictObject({
    /** The zone the schedule is kept in (IANA name): a list, so the editor offers a choice. */
    timeZone: z.enum([
      'America/New_York',
      'America/Chicago',
      'America/Denver',
      'America/Los_Angeles',
      'America/Toronto',
      'Europe/London',
      'UTC',
    ]),
    /** Start time on the 24-hour clock in that zone, e.g. "20:00". */
    start: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a 24-hour time, e.g. "20:00"' }),
    /** How long a session lasts, in minutes: "live now" shows for that long after the start. */
    minutes: z.int().min(5).max(720),
    /** The days it runs, in that zone. */
    days: z
      .array(z.enum(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']))
      .min(1)
      .max(7),
  }),
  /** Size of the video library in hours ("over 70 hours"). */
  videoLibraryHours: z.int().positive(),
  /** Affiliate commission, percent. */
  affiliateCommissionPercent: z.int().min(1).max(100),
  /** The affiliate programme's external service (README "Affiliates"): members join and follow their referrals there. */
  affiliate: z.strictObject({
    /** The service's name, as shown to members ("Rewardful"). */
    service: z.string().trim().min(1),
    /** Where a member signs up as an affiliate (the service's portal). */
    signUpUrl: httpsUrl,
    /** Where an affiliate signs in to see links, referrals and commissions. */
    dashboardUrl: httpsUrl,
  }),
});

export type Site = z.infer<typeof siteSchema>;

/** Validates site.json data; throws an Error naming the file and every bad field. */
export function parseSite(raw: unknown, source = 'content/site.json'): Site {
  const result = siteSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(
      `${source} does not match its schema (site/lib/site-schema.ts):\n${z.prettifyError(result.error)}`,
    );
  }
  return result.data;
}
