import { describe, expect, it } from 'vitest';
import { createKeyCipher } from '../../functions/_lib/market/key-cipher.ts';

// Members' own Massive keys are sealed with AES-256-GCM (docs/market-data.md, "Whose key"): what is
// sealed opens again for the same member with the same secret, and for nothing else.

const SECRET = 'a-local-test-secret-of-at-least-32-characters';
const KEY = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const OWNER = 'auth0|0123456789abcdef01234567';
const cipher = createKeyCipher(SECRET);

/** `sealed` with one character of part `part` (1 IV, 2 tag, 3 cipher text) changed. */
function flip(sealed: string, part: number): string {
  const parts = sealed.split('.');
  const text = parts[part] as string;
  const first = text[0] === 'A' ? 'B' : 'A';
  parts[part] = `${first}${text.slice(1)}`;
  return parts.join('.');
}

describe('the member key cipher', () => {
  it('opens what it sealed, and never holds the key in plain text', () => {
    const sealed = cipher.seal(KEY, OWNER);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(KEY);
    expect(cipher.open(sealed, OWNER)).toBe(KEY);
    // Another instance from the same secret (another function instance) opens it too.
    expect(createKeyCipher(SECRET).open(sealed, OWNER)).toBe(KEY);
  });

  it('seals with a fresh IV each time', () => {
    expect(cipher.seal(KEY, OWNER)).not.toBe(cipher.seal(KEY, OWNER));
  });

  it.each([
    ['its IV', 1],
    ['its tag', 2],
    ['its cipher text', 3],
  ])('refuses a sealed key with %s changed', (_part, part) => {
    expect(cipher.open(flip(cipher.seal(KEY, OWNER), part), OWNER)).toBeNull();
  });

  it("refuses another member's sealed key, and one sealed with another secret", () => {
    const sealed = cipher.seal(KEY, OWNER);
    expect(cipher.open(sealed, 'auth0|someone-else')).toBeNull();
    expect(createKeyCipher(`${SECRET}-rotated`).open(sealed, OWNER)).toBeNull();
  });

  it.each(['', 'v1', 'v1.a.b', 'v2.a.b.c', `${'v1.'}AAAA.AAAA.AAAA`, 'v1.a.b.c.d', 'not sealed at all'])(
    'refuses %j',
    (text) => {
      expect(cipher.open(text, OWNER)).toBeNull();
    },
  );
});
