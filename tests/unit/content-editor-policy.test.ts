import { describe, expect, it } from 'vitest';
import { editorContentSecurityPolicy } from '../../site/lib/content-security-policy.ts';

/** The content editor's policy (/admin/ only): what Decap CMS needs and the git host, nothing else. */
const directives = (policy: string) =>
  new Map(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)] as const));

describe('editorContentSecurityPolicy', () => {
  it.each([
    ['git-gateway', ["'self'", 'blob:']],
    ['github', ["'self'", 'blob:', 'https://api.github.com']],
  ] as const)(
    'with %s connects only to the site, its own blob: URLs and the git host',
    (backend, connect) => {
      const policy = directives(editorContentSecurityPolicy(backend));
      expect(policy.get('connect-src')).toEqual(connect);
      expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-eval'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    },
  );
});
