import { describe, expect, it } from 'vitest';
import { anyDateTime } from '../../functions/_lib/trades/brokers/any-date.ts';
import { offsetTimeToEpoch, utcOffsetMinutes } from '../../functions/_lib/trades/zoned-time.ts';

const NY = 'America/New_York';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('UTC offsets printed after a time', () => {
  it.each([
    ['GMT-04', -240],
    ['GMT+8', 480],
    ['GMT+08', 480],
    ['UTC+02', 120],
    ['UTC-05:00', -300],
    ['GMT+05:30', 330],
    ['gmt-4', -240],
    ['-0500', -300],
    ['+05:30', 330],
    ['UTC', 0],
    ['GMT', 0],
    ['Z', 0],
  ])('%s is %i minutes', (text, minutes) => {
    expect(utcOffsetMinutes(text)).toBe(minutes);
  });

  it.each(['EDT', 'GMT+15', 'UTC+02:75', 'GMT-', '+', '', 'US/Eastern'])('%s is no offset', (text) => {
    expect(utcOffsetMinutes(text)).toBeNull();
  });

  it('places a wall time with its offset', () => {
    expect(iso(offsetTimeToEpoch('2026-07-20T08:03:06', 'GMT-04'))).toBe('2026-07-20T12:03:06.000Z');
    expect(iso(offsetTimeToEpoch('2026-07-20T16:00:00', 'UTC+02'))).toBe('2026-07-20T14:00:00.000Z');
    expect(offsetTimeToEpoch('2026-02-30T08:00:00', 'GMT+8')).toBeNull();
    expect(offsetTimeToEpoch('2026-07-20T08:00:00', 'EDT')).toBeNull();
  });
});

describe('date and time cells with their own offset (read whatever the file zone)', () => {
  it.each([
    ['2026/07/20 08:03:06,GMT-04', null, 'MDY', '2026-07-20T08:03:06', '2026-07-20T12:03:06.000Z'],
    ['2026/07/20', '08:03:06,GMT-04', 'MDY', '2026-07-20T08:03:06', '2026-07-20T12:03:06.000Z'],
    ['20/07/2026', '21:03:06,GMT+8', 'DMY', '2026-07-20T21:03:06', '2026-07-20T13:03:06.000Z'],
    ['20/11/2025', '00:12:36,GMT+07', 'DMY', '2025-11-20T00:12:36', '2025-11-19T17:12:36.000Z'],
    ['2026-07-20 16:00:00 UTC+02', null, 'MDY', '2026-07-20T16:00:00', '2026-07-20T14:00:00.000Z'],
    ['2026-07-20 09:30:00 GMT-04:00', null, 'MDY', '2026-07-20T09:30:00', '2026-07-20T13:30:00.000Z'],
    ['07/20/2026 09:30:00, GMT-4', null, 'MDY', '2026-07-20T09:30:00', '2026-07-20T13:30:00.000Z'],
    [
      '2026-07-20\n11:37:33, Australia/Sydney',
      null,
      'MDY',
      '2026-07-20T11:37:33',
      '2026-07-20T01:37:33.000Z',
    ],
    ['2026-07-20 09:35:12, US/Eastern', null, 'MDY', '2026-07-20T09:35:12', '2026-07-20T13:35:12.000Z'],
  ] as const)('%s %s', (date, time, order, wall, instant) => {
    for (const zone of [NY, 'Asia/Singapore', 'UTC']) {
      const read = anyDateTime(date, time, order, zone);
      expect(read.time).toBe(wall);
      expect(iso(read.epochMs)).toBe(instant);
    }
  });

  it('still reads abbreviations, ET and bare times as before', () => {
    expect(iso(anyDateTime('03/18/2026 14:58:12 EDT', null, 'MDY', 'UTC').epochMs)).toBe(
      '2026-03-18T18:58:12.000Z',
    );
    expect(iso(anyDateTime('2026-01-15 09:00:00 ET', null, 'MDY', NY).epochMs)).toBe(
      '2026-01-15T14:00:00.000Z',
    );
    expect(iso(anyDateTime('2026-07-20 09:30:00', null, 'MDY', NY).epochMs)).toBe('2026-07-20T13:30:00.000Z');
    expect(iso(anyDateTime('2026-07-20T09:30:00-0400', null, 'MDY', 'UTC').epochMs)).toBe(
      '2026-07-20T13:30:00.000Z',
    );
  });

  it('rejects an unknown zone name or an offset out of range', () => {
    expect(() => anyDateTime('2026-07-20 09:35:12, Mars/Olympus', null, 'MDY', NY)).toThrow(/not a valid/);
    expect(() => anyDateTime('2026-07-20 09:35:12,GMT+19', null, 'MDY', NY)).toThrow();
  });
});

describe('dates with the day first and the month named (Questrade Edge, non-US exports)', () => {
  it.each([
    ['16 Dec 2025 11:15:58 AM UTC+02', '2025-12-16T11:15:58', '2025-12-16T09:15:58.000Z'],
    ['16-Dec-2025 11:15:58', '2025-12-16T11:15:58', '2025-12-16T16:15:58.000Z'],
    ['3 March 2026', '2026-03-03', '2026-03-03T05:00:00.000Z'],
  ])('%s', (cell, time, instant) => {
    const read = anyDateTime(cell, null, 'MDY', NY);
    expect([read.time, iso(read.epochMs)]).toEqual([time, instant]);
  });
});
