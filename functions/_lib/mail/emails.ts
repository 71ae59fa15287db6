/**
 * The email templates of this deploy: content/emails checked and bundled into emails.gen.json by
 * the build (site/integrations/email-bundle.ts). Imported only by the function that sends mail.
 */
import type { EmailBundle } from './content.ts';
import bundled from './emails.gen.json' with { type: 'json' };

/**
 * The bundle with the site's address of this environment: Netlify's `URL` (the site's main address)
 * when set, else content/site.json's; `npm start` sets URL to the local site.
 */
export function deployEmails(env: Record<string, string | undefined> = process.env): EmailBundle {
  const bundle = bundled as EmailBundle;
  const url = env.URL && /^https?:\/\/\S+$/.test(env.URL) ? env.URL.replace(/\/+$/, '') : bundle.site.url;
  return { ...bundle, site: { ...bundle.site, url } };
}
