import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { missingOptionalEntries, platformOf } from '../../scripts/complete-lockfile.ts';

describe('package-lock.json', () => {
  it('lists every optional platform build, so `npm ci` accepts it (run `npm run lock:complete`)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../package-lock.json', import.meta.url), 'utf8'));
    expect(Object.keys(missingOptionalEntries(lock))).toEqual([]);
  });

  it.each([
    ['@biomejs/cli-linux-x64-musl', { os: ['linux'], cpu: ['x64'], libc: ['musl'] }],
    ['@biomejs/cli-linux-arm64', { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] }],
    ['@astrojs/compiler-binding-linux-arm64-gnu', { os: ['linux'], cpu: ['arm64'], libc: ['glibc'] }],
    ['@biomejs/cli-darwin-arm64', { os: ['darwin'], cpu: ['arm64'] }],
    ['@astrojs/compiler-binding-win32-x64-msvc', { os: ['win32'], cpu: ['x64'] }],
    ['@astrojs/compiler-binding-wasm32-wasi', { cpu: ['wasm32'] }],
  ])('platform of %s', (name, platform) => {
    expect(platformOf(name)).toEqual(platform);
  });
});
