import { describe, expect, it } from 'vitest';
import { displayName, NAME_MAX } from '../../functions/_lib/courses/display-name.ts';

// Names people read (certificates, their page and image, the console): one form, nothing that makes
// a name render other than it reads, bounded.

describe('displayName', () => {
  it('removes bidi controls, so a name cannot render reversed or hide another', () => {
    expect(displayName('Ann \u202Eeel')).toBe('Ann eel');
    expect(displayName('\u2067Bob\u2069 \u200FLee\u200E')).toBe('Bob Lee');
    expect(displayName('a\u061Cb')).toBe('ab');
  });

  it('removes zero-width characters and controls, collapsing spaces', () => {
    expect(displayName('J\u200Bo\u200Ch\u200Dn\u2060 \uFEFFDoe')).toBe('John Doe');
    expect(displayName(' Ann\t\n  B.\u0000Lee\u0085 ')).toBe('Ann B. Lee');
    expect(displayName('\u200B\u202E\u200D')).toBe('');
  });

  it('keeps one canonical form (NFC): a composed and a decomposed é read the same', () => {
    expect(displayName('Rene\u0301')).toBe('Ren\u00E9');
    expect(displayName('Ren\u00E9')).toBe(displayName('Rene\u0301'));
  });

  it(`keeps at most ${NAME_MAX} characters, never cutting one in half`, () => {
    expect(Array.from(displayName('x'.repeat(200)))).toHaveLength(NAME_MAX);
    const emoji = displayName('😀'.repeat(100));
    expect(Array.from(emoji)).toHaveLength(NAME_MAX);
    expect(emoji.endsWith('😀')).toBe(true);
  });
});
