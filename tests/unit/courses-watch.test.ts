import { describe, expect, it } from 'vitest';
import { lessonRange } from '../../functions/_lib/courses/bundle.ts';
import {
  creditWatch,
  isWatched,
  MAX_GAP_MS,
  type Report,
  type WatchRecord,
  watchedShare,
} from '../../functions/_lib/courses/watch.ts';

// Watched on the server (docs/courses.md, "Progress"): parts of a video count only when two
// reports span them in no less time than playback takes; no single report completes anything.

const LENGTH = 100; // seconds: one part is one second

/** Plays `from`→`to` reporting every `every` seconds of video at `rate`×, starting at `start` ms. */
function play(record: WatchRecord | null, from: number, to: number, rate = 1, every = 10, start = 0) {
  let r = creditWatch(record, { position: from, at: start, anchor: true }, LENGTH);
  for (let p = from + every; p <= to; p += every) {
    const at = start + ((p - from) / rate) * 1000;
    r = creditWatch(r, { position: Math.min(p, to), at, anchor: false }, LENGTH);
  }
  return r;
}

describe('creditWatch', () => {
  it('credits a stretch played at normal speed, part by part', () => {
    const r = play(null, 0, 50);
    expect(watchedShare(r)).toBeCloseTo(0.5, 2);
    expect(watchedShare(r, 0, 0.5)).toBe(1);
    expect(watchedShare(r, 0.5, 1)).toBe(0);
  });

  it('a whole video played (even at 2×) is watched; reports 10× faster than play are mostly not', () => {
    expect(isWatched(play(null, 0, 100, 2))).toBe(true);
    // Each 10 s step a second apart: credited only as far as 2× and the slack reach (3 s of 10:
    // the slack is at most half of what the second allows).
    expect(watchedShare(play(null, 0, 100, 10))).toBeCloseTo(0.3, 1);
    expect(isWatched(play(null, 0, 100, 10))).toBe(false);
  });

  it('one forged report, even at the very end, completes nothing', () => {
    const r = creditWatch(null, { position: 100, at: 1_000, anchor: false }, LENGTH);
    expect(watchedShare(r)).toBe(0);
    // A jump to the end a second after a start: only what a second of playback could cover.
    const start = creditWatch(null, { position: 0, at: 0, anchor: true }, LENGTH);
    const jump = creditWatch(start, { position: 100, at: 1_000, anchor: false }, LENGTH);
    expect(watchedShare(jump)).toBeCloseTo(0.03, 2);
  });

  it('a report held up on the way costs an honest viewer only the slack, not the stretch', () => {
    // At 2×: 10 s of video in 5 s, but the report before arrived 2 s late (3 s between them).
    const start = creditWatch(null, { position: 0, at: 2_000, anchor: true }, LENGTH);
    const next = creditWatch(start, { position: 10, at: 5_000, anchor: false }, LENGTH);
    expect(watchedShare(next, 0, 0.1)).toBeGreaterThanOrEqual(0.9);
  });

  it('an anchor (play, seek) credits nothing before it', () => {
    const paused = creditWatch(null, { position: 10, at: 0, anchor: false }, LENGTH);
    // Five minutes later the member seeks to 90 and plays: 10→90 was never played.
    const seek = creditWatch(paused, { position: 90, at: 300_000, anchor: true }, LENGTH);
    expect(watchedShare(seek)).toBe(0);
    const on = creditWatch(seek, { position: 100, at: 310_000, anchor: false }, LENGTH);
    expect(watchedShare(on)).toBeCloseTo(0.1, 2);
  });

  it('reports further apart than MAX_GAP_MS, or going backwards, credit nothing', () => {
    const a = creditWatch(null, { position: 0, at: 0, anchor: true }, LENGTH);
    expect(watchedShare(creditWatch(a, { position: 10, at: MAX_GAP_MS + 1, anchor: false }, LENGTH))).toBe(0);
    const b = creditWatch(null, { position: 50, at: 0, anchor: true }, LENGTH);
    expect(watchedShare(creditWatch(b, { position: 40, at: 10_000, anchor: false }, LENGTH))).toBe(0);
  });

  it('keeps what was watched across visits and rewatching adds nothing twice', () => {
    const first = play(null, 0, 60);
    const again = play(first, 0, 60, 1, 10, 10 * 60_000);
    expect(watchedShare(again)).toBeCloseTo(watchedShare(first), 5);
    const rest = play(again, 60, 100, 1, 10, 20 * 60_000);
    expect(isWatched(rest)).toBe(true);
  });

  it('a short clip is judged on its own length (parts are fractions)', () => {
    let r: WatchRecord | null = null;
    const reports: Report[] = [
      { position: 0, at: 0, anchor: true },
      { position: 10, at: 10_000, anchor: false },
      { position: 20, at: 20_000, anchor: false },
      { position: 24, at: 24_000, anchor: false },
    ];
    for (const report of reports) r = creditWatch(r, report, 24);
    expect(isWatched(r)).toBe(true);
  });
});

describe('a lesson from a chapter', () => {
  const video = {
    title: 'v',
    duration: 1000,
    chapters: [{ startTime: 0 }, { startTime: 200 }, { startTime: 600 }],
  };

  it('is its chapter: to the next chapter, or to the end', () => {
    expect(lessonRange(video, undefined)).toEqual([0, 1]);
    expect(lessonRange(video, 200)).toEqual([0.2, 0.6]);
    expect(lessonRange(video, 600)).toEqual([0.6, 1]);
  });

  it('ends at its own `end` when it has one, checked within the video', () => {
    expect(lessonRange(video, 200, 400)).toEqual([0.2, 0.4]);
    expect(lessonRange(video, undefined, 500)).toEqual([0, 0.5]);
  });

  it('two lessons on one video: each is done only once its own stretch was watched', () => {
    const first = [0.4, 0.7] as const; // 40–70 s of a 100 s video
    const second = [0.7, 1] as const;
    let r = play(null, 40, 70);
    expect(isWatched(r, ...first)).toBe(true);
    expect(isWatched(r, ...second)).toBe(false);
    r = play(r, 70, 100, 1, 10, 1_000_000);
    expect(isWatched(r, ...second)).toBe(true);
    // Two thirds of a stretch is not enough.
    expect(isWatched(play(null, 70, 90), ...second)).toBe(false);
  });

  it('is done when 90% of its chapter was watched, whatever else was', () => {
    const r = play(null, 20, 60); // 20–60 % of a 100 s video
    expect(isWatched(r, 0.2, 0.6)).toBe(true);
    expect(isWatched(r, 0.6, 1)).toBe(false);
    expect(isWatched(r)).toBe(false);
  });
});
