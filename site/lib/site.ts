/**
 * Product facts from `content/site.json`, typed, for Astro pages AND the React
 * member app. Deliberately free of Astro-only imports and of zod (keeps the
 * island bundle small): the JSON is checked structurally by TypeScript here and
 * validated in full by `site/content.config.ts` on every build (see site-schema.ts).
 */
import raw from '../../content/site.json' with { type: 'json' };
import type { Site } from './site-schema.ts';

export type { Site };

/** Parsed product facts (name, tagline, links, default prices, live-stream time...). */
// JSON imports widen the stream's zone and weekday names to string; every build validates them (site-schema.ts).
export const site: Site = raw as typeof raw & Pick<Site, 'liveStream'>;

/** Title of routes without a section: `${tagline} | ${name}`, e.g. "Learn to Trade Penny Stocks | OTC Edge". */
export const defaultTitle = `${site.tagline} | ${site.name}`;

/** docs/product.md §2: '{Section} | {product name}', or the default title when no section is given. */
export function pageTitle(section?: string): string {
  const name = section?.trim();
  return name ? `${name} | ${site.name}` : defaultTitle;
}

/** "64.99" → "$64.99" (prices stay exact decimal strings). */
export function formatPrice(amount: string): string {
  return site.prices.currency === 'USD' ? `$${amount}` : `${amount} ${site.prices.currency}`;
}

/** Social profiles in display order, for footers and the Media page. */
export const socialLinks: ReadonlyArray<{ readonly label: string; readonly url: string }> = [
  { label: 'X (Twitter)', url: site.social.x },
  { label: 'YouTube', url: site.social.youtube },
  { label: 'Instagram', url: site.social.instagram },
];

/**
 * Placeholders editors may use in content front-matter strings so facts live in
 * one place: "Daily live stream at {liveStreamTime}" → "Daily live stream at 8PM Eastern".
 */
export const facts: Readonly<Record<string, string>> = {
  name: site.name,
  tagline: site.tagline,
  liveStreamTime: site.liveStreamTime,
  videoLibraryHours: String(site.videoLibraryHours),
  affiliateCommissionPercent: String(site.affiliateCommissionPercent),
  monthlyPrice: formatPrice(site.prices.monthly),
  yearlyPrice: formatPrice(site.prices.yearly),
  asLowAsPrice: formatPrice(site.prices.asLowAs),
};

/** Replaces `{fact}` placeholders (see `facts`); an unknown placeholder throws, so a typo fails the build. */
export function fillFacts(text: string): string {
  return text.replace(/\{(\w+)\}/g, (match: string, key: string) => {
    const value = facts[key];
    if (value === undefined) {
      throw new Error(`Unknown placeholder ${match} in "${text}". Known: ${Object.keys(facts).join(', ')}`);
    }
    return value;
  });
}
