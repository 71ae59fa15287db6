// @ts-check

import react from '@astrojs/react';
import netlify from '@netlify/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'astro/config';
import site from './content/site.json' with { type: 'json' };
import { unusedNetlifyFeatures } from './scripts/local/netlify-features.mjs';
import { articleBundle } from './site/integrations/article-bundle.ts';
import { contentEditor } from './site/integrations/content-editor.ts';
import { courseBundle } from './site/integrations/course-bundle.ts';
import { emailBundle } from './site/integrations/email-bundle.ts';
import { inlinePageScripts } from './site/integrations/inline-page-scripts.ts';
import { mediaCheck } from './site/integrations/media-check.ts';
import { preloadLists } from './site/integrations/preload-lists.ts';
import { securityHeaders } from './site/integrations/security-headers.ts';

// Static output: every marketing page is pre-built HTML; the member app is one
// client-only React island mounted on /app/ and reached through netlify.toml rewrites.
export default defineConfig({
  // Production address: canonical links, the sitemap and social previews use it.
  site: site.url,
  srcDir: './site',
  publicDir: './site/public',
  output: 'static',
  trailingSlash: 'ignore',
  // Styles inline in each page: no render-blocking stylesheet request before first paint (a round trip
  // less on mobile; Lighthouse LCP on / went from about 1.5 s to 1.3 s). Pages stay small (~5-9 KB gzip).
  build: { format: 'directory', inlineStylesheets: 'always' },
  // inlinePageScripts before securityHeaders, which hashes the inline scripts it leaves; contentEditor
  // after securityHeaders: /admin/ is built apart and has its own policy.
  integrations: [
    react(),
    articleBundle(),
    courseBundle(),
    emailBundle(),
    // Before site/public/ is copied: the editor's media folders hold images only.
    mediaCheck(),
    preloadLists(),
    inlinePageScripts(),
    securityHeaders(),
    contentEditor(),
  ],
  vite: {
    resolve: {
      alias: {
        // The router's store reads through use-sync-external-store's shim for React < 18, which
        // carries its own fallback implementation; React 19 has the hook, and the package's
        // un-shimmed entry uses it directly (0.2 KB gzip less in the member app's first load).
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      },
    },
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // React in one chunk: react-dom never runs without react, the JSX runtime and the
              // scheduler, and every page that loads one loads them all (the member app, the
              // members-only article's reader). Four files compressed apart cost 0.8 KB gzip more.
              { name: 'react-dom', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              // React Query's two option helpers (identity functions) in one file, not two: every chunk the
              // first load imports costs its own import and gzip frame.
              {
                name: 'query-options',
                test: /[\\/]@tanstack[\\/](react-query|query-core)[\\/].*[\\/](queryOptions|infiniteQueryOptions)\.js$/,
              },
              // The trade pages' shared formatting (/trades and its review): one chunk, so each route's
              // preload list in the first load names one file, not two.
              { name: 'trade-format', test: /[\\/]member-app[\\/]trades[\\/](format|time-zone)\.ts$/ },
            ],
          },
        },
      },
    },
    plugins: [
      // Serves functions/, redirects and headers from netlify.toml during `astro dev`.
      netlify({ middleware: true, ...unusedNetlifyFeatures }),
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './member-app/routes',
        generatedRouteTree: './member-app/routeTree.gen.ts',
        quoteStyle: 'single',
      }),
    ],
  },
});
