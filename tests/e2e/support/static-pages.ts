/** Every kind of static page a visitor reads: the journeys that check all of them share this list. */
export const staticPages = [
  '/',
  '/features',
  '/media',
  '/faq',
  '/terms',
  '/privacy',
  '/disclaimer',
  '/disclosure',
  '/articles',
  '/articles/how_the_otc_market_works',
  '/courses',
  '/courses/penny-stock-essentials',
];
