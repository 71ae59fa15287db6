import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { ARTICLES_DIR, BUNDLE_FILE, writeArticleBundle } from '../../functions/_lib/articles/content.ts';

/**
 * Checks content/articles and writes the article functions' bundle (functions/_lib/articles/
 * articles.gen.json) whenever Astro starts: `astro build` (so Netlify bundles the functions with
 * the articles of the same commit), `astro sync` (types on a fresh clone) and `astro dev`, where
 * it is rewritten on every edit. An invalid article fails the build with its file and field.
 */
export function articleBundle(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:article-bundle',
    hooks: {
      'astro:config:setup': ({ config, logger }) => {
        root = fileURLToPath(config.root);
        const { articles, written } = writeArticleBundle(root);
        logger.info(`${articles} articles checked${written ? `, ${BUNDLE_FILE} written` : ''}`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const dir = path.join(root, ARTICLES_DIR);
        server.watcher.add(dir);
        server.watcher.on('all', (_event, file) => {
          if (!file.startsWith(dir + path.sep)) return;
          try {
            writeArticleBundle(root);
            server.ws.send({ type: 'full-reload' });
          } catch (error) {
            logger.error(error instanceof Error ? error.message : String(error));
          }
        });
      },
    },
  };
}
