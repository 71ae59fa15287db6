// Netlify's local tooling features the product does not use, off for `astro dev` (astro.config.mjs)
// and `npm start` (scripts/local/server.ts) alike: edge functions would try to download their
// runtime (offline), and the others have no counterpart in this product.
export const unusedNetlifyFeatures = {
  edgeFunctions: { enabled: false },
  blobs: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
};
