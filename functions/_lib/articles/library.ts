import bundled from './articles.gen.json' with { type: 'json' };
import type { ArticleLibrary } from './articles.ts';

/**
 * The articles of this deploy: content/articles rendered into articles.gen.json by the build
 * (`astro build`, `astro sync` and `astro dev` run the articleBundle integration), which the
 * function bundler inlines. Static pages and API answers therefore always come from the same
 * commit, and a deploy preview never changes what production members read.
 */
export const articleLibrary: ArticleLibrary = { articles: bundled };
