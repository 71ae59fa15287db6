import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CLIP_SECONDS } from '../../functions/_lib/library/sample-clips.ts';

// The lengths the server judges sample clips on (library/sample-clips.ts) are the files' own, and
// every clip the library plays is listed, so no local lesson is judged on a length it cannot reach.

/** A WebM file's length in seconds, from its header: Duration (0x4489) × TimecodeScale (0x2AD7B1). */
function webmSeconds(file: Buffer): number {
  const at = file.indexOf(Buffer.from([0x44, 0x89]));
  const size = (file[at + 2] ?? 0) & 0x7f;
  const duration = size === 8 ? file.readDoubleBE(at + 3) : file.readFloatBE(at + 3);
  const scaleAt = file.indexOf(Buffer.from([0x2a, 0xd7, 0xb1]));
  const scaleSize = (file[scaleAt + 3] ?? 0) & 0x7f;
  const scale = scaleAt < 0 ? 1_000_000 : file.readUIntBE(scaleAt + 4, scaleSize);
  return (duration * scale) / 1e9;
}

describe('sample clips', () => {
  it.each(Object.entries(SAMPLE_CLIP_SECONDS))('%s is %i s long', (uri, seconds) => {
    expect(Math.round(webmSeconds(readFileSync(`site/public${uri}`)))).toBe(seconds);
  });

  it('every site clip the library plays has its length listed', () => {
    const { videos } = JSON.parse(readFileSync('content/library/videos.json', 'utf8')) as {
      videos: Array<{ uri: string }>;
    };
    const clips = new Set(videos.map((v) => v.uri).filter((uri) => uri.startsWith('/')));
    expect([...clips].filter((uri) => SAMPLE_CLIP_SECONDS[uri] === undefined)).toEqual([]);
  });
});
