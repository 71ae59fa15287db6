import site from '../../../content/site.json' with { type: 'json' };

/**
 * The site's address for links written into queued emails (a certificate's page, the payment page):
 * Netlify's `URL` (the site's main address) when set, else content/site.json's, as the drain's
 * deployEmails reads it for `{{siteUrl}}`. No trailing slash.
 */
export function siteUrl(env: Record<string, string | undefined> = process.env): string {
  const url = env.URL && /^https?:\/\/\S+$/.test(env.URL) ? env.URL : site.url;
  return url.replace(/\/+$/, '');
}
