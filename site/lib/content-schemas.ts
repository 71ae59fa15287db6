/**
 * Front-matter schemas of the markdown pages in content/pages/. The build enforces them through the
 * content collections (site/content.config.ts); the content editor (/admin/) derives its fields from
 * them and checks every save against them (site/cms/), so the editor and the build cannot drift.
 */
import { z } from 'zod';

/** Site-internal path such as "/videos" or "/faq#refunds". */
const internalPath = z.string().regex(/^\/[\w\-/#?=&]*$/, { error: 'must be a site path starting with "/"' });
const httpsUrl = z.url({ protocol: /^https$/, error: 'must be an absolute https:// URL' });
const text = z.string().trim().min(1);
const link = z.strictObject({ label: text, href: internalPath });
/** Meta description: long enough to be useful, short enough for a search snippet. */
const description = z.string().trim().min(50).max(200);

/** Static markdown pages served by site/pages/[page].astro: /faq, /media, /terms, ... */
export const staticPageSchema = z.strictObject({
  /** Section name: the tab title is '{title} | OTC Edge'. */
  title: text,
  description,
  /** Page heading when it should differ from `title`. */
  heading: text.optional(),
  /** Lead paragraph under the heading. */
  intro: text.optional(),
  /** Shown as "Last updated {updated}", e.g. "June 5, 2019". */
  updated: text.optional(),
  /** Shown as "Effective {effective}". */
  effective: text.optional(),
  /** External link lists (e.g. podcast appearances). */
  linkGroups: z
    .array(
      z.strictObject({
        heading: text,
        links: z.array(z.strictObject({ label: text, url: httpsUrl, note: text.optional() })).min(1),
      }),
    )
    .optional(),
  /** Show the social profile links from site.json. */
  showSocial: z.boolean().default(false),
  /** Label of a button to the contact address from site.json (e.g. "Email Us"). */
  emailButton: text.optional(),
});

export const landingSchema = z.strictObject({
  description,
  hero: z.strictObject({ eyebrow: text, headline: text, lead: text, join: text, secondary: link }),
  /** The "example movers" strip: illustrative, never a promise, so the note is required. */
  tickers: z.strictObject({
    heading: text,
    items: z
      .array(
        z.strictObject({
          symbol: z.string().regex(/^[A-Z]{3,5}$/, { error: 'must be 3-5 capital letters, without the $' }),
          gainPercent: z.number().positive(),
          period: text,
        }),
      )
      .min(1)
      .max(8),
    note: text,
  }),
  highlights: z.strictObject({
    heading: text,
    // `link`: where a card leads, e.g. the courses (optional).
    items: z.array(z.strictObject({ title: text, text, link: link.optional() })).min(2),
  }),
  videos: z.strictObject({ heading: text, text, link }),
  testimonials: z.strictObject({
    heading: text,
    items: z
      .array(
        z.strictObject({ quote: z.string().trim().min(20).max(320), name: text, detail: text.optional() }),
      )
      .min(1)
      .max(6),
    note: text,
  }),
  pricing: z.strictObject({ heading: text, lead: text, join: text, notes: z.array(text).min(1) }),
  explore: z.strictObject({ heading: text, links: z.array(link).min(1) }),
  risk: text,
});

const featureIcon = z.enum([
  'video',
  'check',
  'live',
  'audio',
  'article',
  'chat',
  'journal',
  'trades',
  'affiliate',
  'account',
]);

export const featuresSchema = z.strictObject({
  title: text,
  description,
  hero: z.strictObject({ eyebrow: text, headline: text, lead: text, register: text }),
  items: z
    .array(
      z.strictObject({ icon: featureIcon, title: text, text, badge: text.optional(), link: link.optional() }),
    )
    .min(1),
  articles: z.strictObject({ heading: text, text, link }),
  closing: z.strictObject({ heading: text, text, register: text }),
});

/** The articles list (/articles) and the blocks every article page shares; the articles are content/articles/. */
export const articlesPageSchema = z.strictObject({
  title: text,
  description,
  heading: text,
  intro: text,
  /** Heading of the list under the featured (newest) article. */
  moreHeading: text,
  /** Shown to visitors only: on every article page, and under the list. */
  fullAccess: z.strictObject({
    heading: text,
    /** On a members-only article, in place of its body. */
    locked: text,
    /** After a free article and under the list. */
    text,
    price: text,
    join: text,
    signIn: text,
  }),
  /** Risk warning beside every article. */
  risk: text,
  /** docs/product.md §2: the promo aside for a filings-data product beside every article. */
  promo: z.strictObject({
    heading: text,
    text,
    link: z.strictObject({ label: text, url: httpsUrl }),
  }),
});
