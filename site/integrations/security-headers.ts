import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { MEDIA_FOLDERS } from '../cms/collections.ts';
import { EDITOR_PATH, editorBackend } from '../cms/config.ts';
import {
  contentSecurityPolicy,
  editorContentSecurityPolicy,
  embedOrigin,
  inlineScripts,
  MEDIA_CONTENT_SECURITY_POLICY,
  scriptHash,
} from '../lib/content-security-policy.ts';

/** The member app's video player (member-app/videos: the Vimeo player SDK frames player.vimeo.com). */
const VIDEO_PLAYER_ORIGIN = 'https://player.vimeo.com';

/**
 * After `astro build`: hashes every inline script of the built pages and writes the pages'
 * Content-Security-Policy to dist/_headers, which Netlify (and the local server, through Netlify's
 * own header code) applies to every page. Built from the deployment's settings at build time:
 * AUTH0_DOMAIN, STRIPE_PUBLISHABLE_KEY, REWARDFUL_API_KEY, and CSP_FRAME_ORIGINS for embed hosts
 * beyond the video player and the live stream and podcast addresses in content/library.
 */
export function securityHeaders(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:security-headers',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:done': ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const hashes = htmlFiles(out).flatMap((file) =>
          inlineScripts(readFileSync(file, 'utf8')).map(scriptHash),
        );
        const policy = contentSecurityPolicy({
          inlineScriptHashes: hashes,
          authOrigin: authOrigin(process.env.AUTH0_DOMAIN),
          stripe: Boolean(process.env.STRIPE_PUBLISHABLE_KEY),
          rewardful: Boolean(process.env.REWARDFUL_API_KEY),
          frameOrigins: [
            VIDEO_PLAYER_ORIGIN,
            ...contentEmbedOrigins(root),
            ...extraOrigins(process.env.CSP_FRAME_ORIGINS),
          ],
        });
        const editorPolicy = editorContentSecurityPolicy(editorBackend(process.env).name);
        writeFileSync(path.join(out, '_headers'), headersFile(policy, editorPolicy));
        logger.info(`_headers written: CSP with ${new Set(hashes).size} inline script hashes`);
      },
    },
  };
}

/**
 * dist/_headers: the pages' policy for every path, then the rules for paths that need their own. On
 * Netlify (and its local emulation) the later of two rules matching a path sets the header, so
 * /admin/ gets only the editor's policy and the editor's uploaded images only the sandboxing one
 * (netlify.toml states the media rule too, for hosts that apply it without this file).
 */
export function headersFile(pagesPolicy: string, editorPolicy: string): string {
  const rules: Array<[string, string]> = [
    ['/*', pagesPolicy],
    [`${EDITOR_PATH}*`, editorPolicy],
    ...MEDIA_FOLDERS.map((media): [string, string] => [
      `${media.publicPath}/*`,
      MEDIA_CONTENT_SECURITY_POLICY,
    ]),
  ];
  return rules.map(([paths, csp]) => `${paths}\n  Content-Security-Policy: ${csp}\n`).join('');
}

/** Every built page under `dir`. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Auth0's tenant origin; null for the local provider (`http://…`, its port chosen when it starts). */
export function authOrigin(domain: string | undefined): string | null {
  if (!domain || domain.startsWith('http://')) return null;
  return new URL(/^https:\/\//.test(domain) ? domain : `https://${domain}`).origin;
}

/**
 * Hosts of the live stream and podcast embeds the editors configured (content/library). A missing
 * file has none; a malformed one fails the build rather than block the stream in production.
 */
export function contentEmbedOrigins(root: string): string[] {
  const read = (file: string) => {
    let text: string;
    try {
      text = readFileSync(path.join(root, 'content/library', file), 'utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null;
      throw error;
    }
    return JSON.parse(text) as unknown;
  };
  const stream = read('stream.json') as { embed?: unknown } | null;
  const audio = read('audio.json') as { tracks?: Array<{ uri?: unknown }> } | null;
  const uris = [stream?.embed, ...(audio?.tracks ?? []).map((track) => track.uri)];
  return uris.flatMap((uri) => (typeof uri === 'string' ? (embedOrigin(uri) ?? []) : []));
}

/** CSP_FRAME_ORIGINS: space-separated https origins of embed hosts set elsewhere. */
export function extraOrigins(list: string | undefined): string[] {
  return (list ?? '').split(/\s+/).flatMap((origin) => embedOrigin(origin) ?? []);
}
