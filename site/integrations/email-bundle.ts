import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { EMAIL_BUNDLE_FILE, EMAILS_DIR, writeEmailBundle } from '../../functions/_lib/mail/content.ts';

/**
 * Checks the email templates (content/emails/) and writes the mail functions' bundle
 * (functions/_lib/mail/emails.gen.json) whenever Astro starts, as courseBundle does for the
 * courses: a template with an unknown placeholder fails the build. Rewritten on every template
 * edit under `astro dev`.
 */
export function emailBundle(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:email-bundle',
    hooks: {
      'astro:config:setup': ({ config, logger }) => {
        root = fileURLToPath(config.root);
        const { templates, written } = writeEmailBundle(root);
        logger.info(`${templates} email templates bundled${written ? `, ${EMAIL_BUNDLE_FILE} written` : ''}`);
      },
      'astro:server:setup': ({ server, logger }) => {
        const dir = path.join(root, EMAILS_DIR);
        server.watcher.add(dir);
        server.watcher.on('all', (_event, file) => {
          if (!file.startsWith(dir + path.sep)) return;
          try {
            writeEmailBundle(root);
          } catch (error) {
            logger.error(error instanceof Error ? error.message : String(error));
          }
        });
      },
    },
  };
}
