import { describe, expect, it } from 'vitest';
import {
  countdown,
  currentOrNextSession,
  sessionTime,
  streamState,
} from '../../member-app/media/live-schedule.ts';
import { clock } from '../../member-app/videos/format.ts';
import { site } from '../../site/lib/site.ts';

const weekdays = {
  timeZone: 'America/New_York',
  start: '20:00',
  minutes: 60,
  days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
} as const;
const at = (iso: string) => Date.parse(iso);
const schedule = { ...weekdays, days: [...weekdays.days] };

describe('the live stream schedule', () => {
  it('the shipped schedule says what the copy says: 8PM Eastern', () => {
    expect(site.liveStreamTime).toBe('8PM Eastern');
    expect(site.liveStream).toMatchObject({ timeZone: 'America/New_York', start: '20:00' });
  });

  it('before the start on a weekday: today at 8PM Eastern (EST = UTC−5 in November)', () => {
    const next = currentOrNextSession(at('2026-11-25T20:00:00Z'), schedule); // Wed 15:00 EST
    expect(next).toEqual({ start: at('2026-11-26T01:00:00Z'), end: at('2026-11-26T02:00:00Z'), live: false });
  });

  it('during the hour it is live, also after midnight UTC', () => {
    const now = at('2026-11-26T01:30:00Z'); // Wed 20:30 EST, Thursday in UTC
    expect(currentOrNextSession(now, schedule)).toMatchObject({
      start: at('2026-11-26T01:00:00Z'),
      live: true,
    });
  });

  it('after Friday’s session the next is Monday’s; summer time moves it to 00:00 UTC', () => {
    expect(currentOrNextSession(at('2026-11-28T03:00:00Z'), schedule)?.start).toBe(
      at('2026-12-01T01:00:00Z'),
    );
    // Mon 2026-07-06 20:00 EDT = 00:00 UTC on Tuesday
    expect(currentOrNextSession(at('2026-07-04T12:00:00Z'), schedule)?.start).toBe(
      at('2026-07-07T00:00:00Z'),
    );
  });

  it('across the change back to standard time (Sun 2026-11-01)', () => {
    // Friday 30 Oct (EDT) → Monday 2 Nov (EST): 20:00 local is 01:00 UTC on Tuesday.
    expect(currentOrNextSession(at('2026-10-31T12:00:00Z'), schedule)?.start).toBe(
      at('2026-11-03T01:00:00Z'),
    );
  });

  it('counts down coarsely when far and to the second when near', () => {
    expect(countdown(2 * 86_400_000 + 3 * 3_600_000 + 59_000)).toBe('2 d 3 h');
    expect(countdown(3 * 3_600_000 + 12 * 60_000)).toBe('3 h 12 min');
    expect(countdown(12 * 60_000 + 5_000)).toBe('12 min 5 s');
    expect(countdown(400)).toBe('1 s');
    expect(countdown(-5)).toBe('0 s');
  });

  it('names the start in the schedule’s zone and in another', () => {
    const start = at('2026-11-26T01:00:00Z');
    expect(sessionTime(start, 'America/New_York')).toBe('Wednesday, 8:00 PM EST');
    expect(sessionTime(start, 'Europe/London')).toBe('Thursday, 1:00 AM GMT');
  });
});

describe('the audio player clock', () => {
  it('prints minutes and seconds, hours when long', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(20)).toBe('0:20');
    expect(clock(75.9)).toBe('1:15');
    expect(clock(3725)).toBe('1:02:05');
  });
});

describe('what /stream shows (streamState)', () => {
  it('11 hours before the session: the next session with its countdown, and a replay that waits', () => {
    const state = streamState(at('2026-11-25T14:00:00Z'), schedule); // Wed 09:00 EST, session at 20:00
    expect(state).toMatchObject({ status: 'Next session in 11 h 0 min', player: 'replay' });
    expect(state.session?.live).toBe(false);
  });

  it('during the session: live, and the player starts by itself', () => {
    expect(streamState(at('2026-11-26T01:00:00Z'), schedule)).toMatchObject({
      status: 'Live',
      player: 'live',
    });
    expect(streamState(at('2026-11-26T01:59:59Z'), schedule)).toMatchObject({
      status: 'Live',
      player: 'live',
    });
  });

  it('the moment the session ends: a replay again, counting down to the next weekday', () => {
    expect(streamState(at('2026-11-26T02:00:00Z'), schedule)).toMatchObject({
      status: 'Next session in 23 h 0 min',
      player: 'replay',
    });
  });

  it('over the weekend: a replay, counting down in days', () => {
    expect(streamState(at('2026-11-28T17:00:00Z'), schedule)).toMatchObject({
      status: 'Next session in 2 d 8 h',
      player: 'replay',
    });
  });

  it('with no session scheduled: only a replay', () => {
    expect(streamState(at('2026-11-25T14:00:00Z'), { ...schedule, days: [] })).toEqual({
      session: null,
      status: 'Replay',
      player: 'replay',
    });
  });
});
