import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding, compressible, encode } from '../../scripts/local/compression.ts';

const typed = (type: string, extra: Record<string, string> = {}) =>
  new Headers({ 'content-type': type, ...extra });

describe('local compression (as Netlify’s CDN compresses)', () => {
  it('compresses pages, scripts, styles, JSON and SVG of 1 KB or more', () => {
    for (const type of [
      'text/html; charset=utf-8',
      'text/css',
      'application/javascript',
      'text/javascript',
      'application/json',
      'image/svg+xml',
      'application/xml',
    ]) {
      expect(compressible(200, typed(type), 45_000), type).toBe(true);
    }
    expect(compressible(404, typed('text/html'), 2_000), 'the 404 page').toBe(true);
  });

  it('leaves small answers, media, byte ranges and encoded bodies as they are', () => {
    expect(compressible(200, typed('application/json'), 1_023)).toBe(false);
    expect(compressible(200, typed('image/webp'), 90_000)).toBe(false);
    expect(compressible(200, typed('video/mp4'), 900_000)).toBe(false);
    expect(compressible(206, typed('text/plain'), 9_000)).toBe(false);
    expect(compressible(200, typed('text/plain', { 'content-range': 'bytes 0-9/10' }), 9_000)).toBe(false);
    expect(compressible(200, typed('text/html', { 'content-encoding': 'gzip' }), 9_000)).toBe(false);
    expect(compressible(200, new Headers(), 9_000), 'no type').toBe(false);
  });

  it('picks br over gzip, honours q=0 and sends as is to a client that asks for neither', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('GZIP')).toBe('gzip');
    expect(chooseEncoding(['deflate', 'gzip'])).toBe('gzip');
    expect(chooseEncoding('gzip;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });

  it('encodes bodies that decode to the same bytes, and smaller', () => {
    const page = Buffer.from('<p>Penny stocks</p>\n'.repeat(500));
    const br = encode(page, 'br');
    const gzip = encode(page, 'gzip');
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 10);
    expect(gzip.length).toBeLessThan(page.length / 10);
  });
});
