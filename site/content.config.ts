/**
 * Content collections. Everything editors change lives in `content/` (outside
 * srcDir) and is validated here: a front-matter typo (missing field, wrong type,
 * unknown key) fails `astro build` with Astro's schema error naming the file. The schemas
 * themselves are in lib/content-schemas.ts, shared with the content editor (/admin/).
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import siteJson from '../content/site.json' with { type: 'json' };
import { loadCourses } from '../functions/_lib/courses/content.ts';
import {
  articlesPageSchema,
  featuresSchema,
  landingSchema,
  staticPageSchema,
} from './lib/content-schemas.ts';
import { parseSite } from './lib/site-schema.ts';

// site.json is imported directly by site/lib/site.ts (also by the member app);
// validating it here makes every build and dev start fail fast on a typo.
parseSite(siteJson);
// Courses (content/courses/) are read by their pages; checking them here fails a dev start too.
loadCourses();

/** Landing and features copy live next to the static pages but have their own schemas. */
const PAGES_BASE = './content/pages';
const MARKETING_FILES = ['landing.md', 'features.md', 'articles.md'];

/** Static markdown pages served by site/pages/[page].astro: /faq, /media, /terms, ... */
const pages = defineCollection({
  loader: glob({ pattern: ['*.md', ...MARKETING_FILES.map((f) => `!${f}`)], base: PAGES_BASE }),
  schema: staticPageSchema,
});

const landing = defineCollection({
  loader: glob({ pattern: 'landing.md', base: PAGES_BASE }),
  schema: landingSchema,
});

const features = defineCollection({
  loader: glob({ pattern: 'features.md', base: PAGES_BASE }),
  schema: featuresSchema,
});

/** The articles list (/articles) and the blocks every article page shares; the articles are content/articles/. */
const articlesPage = defineCollection({
  loader: glob({ pattern: 'articles.md', base: PAGES_BASE }),
  schema: articlesPageSchema,
});

export const collections = { pages, landing, features, articlesPage };
