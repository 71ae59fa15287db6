import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { authOrigin, contentEmbedOrigins, extraOrigins } from '../../site/integrations/security-headers.ts';
import {
  contentSecurityPolicy,
  embedOrigin,
  inlineScripts,
  scriptHash,
} from '../../site/lib/content-security-policy.ts';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split('; ').map((part) => {
      const [name = '', ...sources] = part.split(' ');
      return [name, sources];
    }),
  );

describe('the pages’ Content-Security-Policy', () => {
  it('allows a production deployment’s services and nothing else', () => {
    const policy = directives(
      contentSecurityPolicy({
        inlineScriptHashes: ['abc=', 'abc=', 'def='],
        authOrigin: 'https://otcedge.us.auth0.com',
        stripe: true,
        rewardful: true,
        frameOrigins: ['https://player.vimeo.com', 'https://live.example'],
      }),
    );
    expect(policy['script-src']).toEqual([
      "'self'",
      "'sha256-abc='",
      "'sha256-def='",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://r.wdfl.co',
    ]);
    expect(policy['connect-src']).toEqual([
      "'self'",
      'https://otcedge.us.auth0.com',
      'https://api.stripe.com',
      'https://r.wdfl.co',
      'https://*.getrewardful.com',
    ]);
    expect(policy['frame-src']).toEqual([
      "'self'",
      'https://otcedge.us.auth0.com',
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
      'https://player.vimeo.com',
      'https://live.example',
    ]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(Object.values(policy).flat()).not.toContain("'unsafe-eval'");
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('leaves Stripe and Rewardful out when they are not configured; the local provider on any port', () => {
    const policy = directives(
      contentSecurityPolicy({
        inlineScriptHashes: [],
        authOrigin: null,
        stripe: false,
        rewardful: false,
        frameOrigins: [],
      }),
    );
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'http://localhost:*', 'http://127.0.0.1:*']);
  });

  it('hashes inline scripts, not external ones or data blocks', () => {
    const html = `<script>let a = 1;</script><script type="module">import './x.js';</script>
      <script src="/_astro/app.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>`;
    expect(inlineScripts(html)).toEqual(['let a = 1;', "import './x.js';"]);
    // The CSP specification's own example of a script hash.
    expect(scriptHash("alert('Hello, world.');")).toBe('qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=');
  });

  it('takes embed origins from https addresses only, and the sign-in origin from the domain', () => {
    expect(embedOrigin('https://player.example/embed/1?x=y')).toBe('https://player.example');
    expect(embedOrigin('/samples/clips/a.webm')).toBeNull();
    expect(authOrigin('otcedge.us.auth0.com')).toBe('https://otcedge.us.auth0.com');
    expect(authOrigin('https://login.otcedge.app/')).toBe('https://login.otcedge.app');
    expect(authOrigin('http://localhost:8889')).toBeNull();
    expect(authOrigin(undefined)).toBeNull();
  });

  it('frames the stream and podcast hosts the editors configured, and any given at build', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'csp-'));
    expect(contentEmbedOrigins(root)).toEqual([]);
    mkdirSync(path.join(root, 'content/library'), { recursive: true });
    writeFileSync(
      path.join(root, 'content/library/stream.json'),
      JSON.stringify({ embed: 'https://live.example/e/1' }),
    );
    writeFileSync(
      path.join(root, 'content/library/audio.json'),
      JSON.stringify({ tracks: [{ uri: 'https://pod.example/ep/1' }, { uri: '/samples/a.webm' }] }),
    );
    expect(contentEmbedOrigins(root)).toEqual(['https://live.example', 'https://pod.example']);
    writeFileSync(path.join(root, 'content/library/stream.json'), '{ not json');
    expect(() => contentEmbedOrigins(root)).toThrow(SyntaxError);
    expect(extraOrigins(' https://a.example/x  http://b.example https://c.example ')).toEqual([
      'https://a.example',
      'https://c.example',
    ]);
    expect(extraOrigins(undefined)).toEqual([]);
  });
});
