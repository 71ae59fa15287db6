import { createHash } from 'node:crypto';

/**
 * The pages' Content-Security-Policy, built when the site is built (site/integrations/
 * security-headers.ts writes it to dist/_headers): everything the pages and the member app load,
 * and nothing more. Scripts come from the site itself, by hash for the inline ones, and from the
 * services the deployment is configured with; never `unsafe-eval`, never inline by name.
 */
export interface PolicyInputs {
  /** SHA-256 hashes (base64) of every inline script the built pages carry. */
  inlineScriptHashes: readonly string[];
  /** The sign-in provider's origin; null when it is the local provider on a port chosen at start. */
  authOrigin: string | null;
  /** Stripe.js on /payment and /account (a publishable key at build). */
  stripe: boolean;
  /** Rewardful's tracking script (REWARDFUL_API_KEY at build). */
  rewardful: boolean;
  /** Origins of embeds members play in frames: the video host, the live stream and podcast hosts. */
  frameOrigins: readonly string[];
}

/** Local stand-ins (sign-in provider, chat pages) listen on ports chosen when `npm start` runs. */
const LOCAL = ['http://localhost:*', 'http://127.0.0.1:*'];
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'];
const REWARDFUL_SCRIPT = 'https://r.wdfl.co';

export function contentSecurityPolicy(inputs: PolicyInputs): string {
  const auth = inputs.authOrigin ? [inputs.authOrigin] : LOCAL;
  const hashes = [...new Set(inputs.inlineScriptHashes)].sort().map((hash) => `'sha256-${hash}'`);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      ...hashes,
      ...(inputs.stripe ? STRIPE_SCRIPTS : []),
      ...(inputs.rewardful ? [REWARDFUL_SCRIPT] : []),
    ],
    // Astro inlines each page's styles; React, Slate and uPlot set style attributes, which only
    // 'unsafe-inline' allows (hashes cannot name attributes). Styles cannot run code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Notes may show pictures from any https address (functions/_lib/journal/sanitize.ts); thumbnails
    // come from the video host's CDN.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...auth,
      ...(inputs.stripe ? ['https://api.stripe.com'] : []),
      ...(inputs.rewardful ? [REWARDFUL_SCRIPT, 'https://*.getrewardful.com'] : []),
    ],
    // The sign-in SDK renews tokens in a hidden frame of the provider; Stripe's card field is a frame.
    'frame-src': ["'self'", ...auth, ...(inputs.stripe ? STRIPE_FRAMES : []), ...inputs.frameOrigins],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return serialize(directives);
}

/** The git hosts the content editor talks to from the browser, by backend (site/cms/config.ts). */
const EDITOR_BACKEND_ORIGINS: Record<'git-gateway' | 'github', string[]> = {
  // Netlify Identity and Git Gateway answer on the site's own origin (/.netlify/identity, /.netlify/git).
  'git-gateway': [],
  // The GitHub API; sign-in is a pop-up on the OAuth broker, which CSP does not govern.
  github: ['https://api.github.com'],
};

/**
 * The content editor's page (/admin/), which the pages' policy would break: Decap CMS compiles its
 * configuration's validators at run time ('unsafe-eval'), styles itself with injected styles, shows
 * uploads from blob: URLs (and fetches them back), and calls the git host. Its script comes from the site itself.
 */
export function editorContentSecurityPolicy(backend: 'git-gateway' | 'github'): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': ["'self'", "'unsafe-eval'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...(backend === 'github' ? ['https://avatars.githubusercontent.com'] : []),
    ],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // blob: too: Decap reads its own blob: URLs back with fetch (an asset's base64 for a save).
    'connect-src': ["'self'", 'blob:', ...EDITOR_BACKEND_ORIGINS[backend]],
    'frame-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The content editor's uploaded images (the media folders, site/cms/collections.ts): images, never
 * documents. Should a file there be opened as a page all the same, it loads nothing but itself, runs
 * no script and gets an opaque origin (`sandbox`), so it can read none of the site's storage (the
 * member app's token). Inline styles only for the browser's own image viewer.
 */
export const MEDIA_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

function serialize(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** The base64 SHA-256 of an inline script's text, as CSP names it. */
export const scriptHash = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/**
 * The text of every inline classic or module script of an HTML page (data blocks such as JSON-LD
 * are not scripts to the browser and need no hash).
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', text = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript')
      continue;
    found.push(text);
  }
  return found;
}

/** The origin of an embed address, or null for a file the site serves itself. */
export function embedOrigin(uri: string): string | null {
  if (!/^https:\/\//.test(uri)) return null;
  try {
    return new URL(uri).origin;
  } catch {
    return null;
  }
}
