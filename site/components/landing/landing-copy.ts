import type { CollectionEntry } from 'astro:content';

/** The landing page's copy (content/pages/landing.md front matter), handed to each of its sections. */
export type LandingCopy = CollectionEntry<'landing'>['data'];
