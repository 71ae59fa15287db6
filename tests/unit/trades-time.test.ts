import { describe, expect, it } from 'vitest';
import { abbreviatedTimeToEpoch, zonedTimeToEpoch } from '../../functions/_lib/trades/zoned-time.ts';

const NY = 'America/New_York';
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('wall-clock time in a zone', () => {
  it('uses EST before and EDT after the March change', () => {
    expect(iso(zonedTimeToEpoch('2026-03-07T09:30:00', NY))).toBe('2026-03-07T14:30:00.000Z');
    expect(iso(zonedTimeToEpoch('2026-03-08T01:59:59', NY))).toBe('2026-03-08T06:59:59.000Z');
    expect(iso(zonedTimeToEpoch('2026-03-08T03:00:00', NY))).toBe('2026-03-08T07:00:00.000Z');
    expect(iso(zonedTimeToEpoch('2026-03-09T09:30:00', NY))).toBe('2026-03-09T13:30:00.000Z');
  });

  it('reads 2026-03-08 02:30, which does not exist, with the pre-change offset (= 03:30 EDT)', () => {
    expect(iso(zonedTimeToEpoch('2026-03-08T02:30:00', NY))).toBe('2026-03-08T07:30:00.000Z');
  });

  it('reads 2026-11-01 01:30, which happens twice, as the first (EDT) one', () => {
    expect(iso(zonedTimeToEpoch('2026-11-01T01:30:00', NY))).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(zonedTimeToEpoch('2026-11-01T02:30:00', NY))).toBe('2026-11-01T07:30:00.000Z');
  });

  it('handles other zones and date-only times', () => {
    expect(iso(zonedTimeToEpoch('2026-03-16T09:30:00', 'America/Chicago'))).toBe('2026-03-16T14:30:00.000Z');
    expect(iso(zonedTimeToEpoch('2026-03-29T02:30:00', 'Europe/Berlin'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTimeToEpoch('2026-03-24', NY))).toBe('2026-03-24T04:00:00.000Z');
  });

  it('refuses impossible times', () => {
    expect(zonedTimeToEpoch('2026-02-30T09:30:00', NY)).toBeNull();
    expect(zonedTimeToEpoch('2026-03-16T25:00:00', NY)).toBeNull();
    expect(zonedTimeToEpoch('16/03/2026', NY)).toBeNull();
  });

  it('reads Webull-style zone abbreviations as fixed offsets', () => {
    expect(iso(abbreviatedTimeToEpoch('2026-03-18T09:41:07', 'EDT'))).toBe('2026-03-18T13:41:07.000Z');
    expect(iso(abbreviatedTimeToEpoch('2025-11-14T11:31:56', 'EST'))).toBe('2025-11-14T16:31:56.000Z');
    expect(abbreviatedTimeToEpoch('2026-03-18T09:41:07', 'XYZ')).toBeNull();
  });
});
