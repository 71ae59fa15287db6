import { describe, expect, it } from 'vitest';
import { startParam, startPosition, watchSearch } from '../../member-app/videos/start-time.ts';

describe('the video page’s ?t= start time (member-app/videos/start-time.ts)', () => {
  it.each([
    [0, 0],
    [30, 30],
    ['30', 30],
    [' 8 ', 8],
    ['000', 0],
    [86_400, 86_400],
  ])('takes a whole, non-negative number of seconds: %j → %j', (raw, seconds) => {
    expect(startParam(raw)).toBe(seconds);
  });

  it.each([
    [-1],
    ['-1'],
    [1.5],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    [''],
    ['abc'],
    ['12abc'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1_000_000],
    [null],
    [undefined],
    [true],
    [[30]],
    [{ t: 30 }],
  ])('ignores anything else: %j', (raw) => {
    expect(startParam(raw)).toBeUndefined();
  });

  it('keeps t in the route’s search only when it is valid, and drops every other parameter', () => {
    expect(watchSearch({ t: 42 })).toEqual({ t: 42 });
    expect(watchSearch({ t: '42', other: 'x' })).toEqual({ t: 42 });
    expect(watchSearch({ t: 'soon' })).toEqual({});
    expect(watchSearch({})).toEqual({});
  });

  it('starts at t when it lies within the video, else where the member left off', () => {
    expect(startPosition(16, 24, 5)).toBe(16);
    expect(startPosition(0, 24, 5)).toBe(0);
    expect(startPosition(24, 24, 5)).toBe(24);
    expect(startPosition(25, 24, 5)).toBe(5);
    expect(startPosition(undefined, 24, 5)).toBe(5);
  });
});
