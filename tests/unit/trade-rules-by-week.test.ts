import { describe, expect, it } from 'vitest';
import { marketWeek } from '../../functions/_lib/courses/market-time.ts';
import { brokenRulesByWeek } from '../../functions/_lib/courses/rule-weeks.ts';

/** Broken rules counted per market week (Monday to Sunday, New York time) of each trip's exit. */

describe('market weeks', () => {
  it.each([
    // Monday 9 March 2026 00:30 in New York is 04:30Z (EDT): that Monday's week.
    ['2026-03-09T04:30:00Z', '2026-03-09'],
    // Monday 9 March 2026 03:30Z is still Sunday 8 March, 23:30 in New York: the week before.
    ['2026-03-09T03:30:00Z', '2026-03-02'],
    // Sunday 1 November 2026, 23:59 EST (04:59Z on the 2nd): the week of Monday 26 October.
    ['2026-11-02T04:59:00Z', '2026-10-26'],
    ['2026-11-02T05:00:00Z', '2026-11-02'],
    // A year boundary: Thursday 1 January 2026 is in the week of Monday 29 December 2025.
    ['2026-01-01T15:00:00Z', '2025-12-29'],
  ])('%s is in the week of %s', (iso, monday) => {
    expect(marketWeek(Date.parse(iso))).toBe(monday);
  });
});

describe('broken rules by week', () => {
  it('counts broken checks per rule taken and the trips of each week, weeks in order', () => {
    // Three rules taken: a stop planned, 2 % risk, 1 % risk (two lessons of one kind, two columns).
    const weeks = brokenRulesByWeek(
      [
        { exit: Date.parse('2026-11-04T15:00:00Z'), outcomes: ['broken', 'kept', 'kept'] },
        { exit: Date.parse('2026-10-28T15:00:00Z'), outcomes: ['kept', 'not checked', 'not checked'] },
        { exit: Date.parse('2026-11-06T20:00:00Z'), outcomes: ['broken', 'kept', 'broken'] },
        { exit: Date.parse('2026-11-05T15:00:00Z'), outcomes: ['kept', 'broken', 'broken'] },
      ],
      3,
    );
    expect(weeks).toEqual([
      { week: '2026-10-26', broken: [0, 0, 0], trips: 1 },
      { week: '2026-11-02', broken: [2, 1, 2], trips: 3 },
    ]);
  });

  it('has no weeks without trips', () => {
    expect(brokenRulesByWeek([], 2)).toEqual([]);
  });
});
