import { useEffect, useState } from 'react';
import { site } from '../../site/lib/site.ts';
import { countdown, type StreamState, sessionTime } from './live-schedule.ts';

/** Ticks once a second while mounted: the countdown is read from the clock, never accumulated. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * "Live now" or "Next session in …", from the schedule editors keep in content/site.json
 * (live-schedule.ts streamState): in the schedule's zone (as the landing page promises it) and in the
 * member's own.
 */
export function LiveStatus({ now, state }: { now: number; state: StreamState }) {
  const schedule = site.liveStream;
  const { session } = state;
  if (!session) return null;
  const ownZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const local = ownZone === schedule.timeZone ? null : sessionTime(session.start);
  return (
    <div className={`live-status card${session.live ? ' live-status--on' : ''}`}>
      {session.live ? (
        <p>
          <span className="live-status__badge">● Live now</span> Started{' '}
          {sessionTime(session.start, schedule.timeZone)}; on for another {countdown(session.end - now)}.
        </p>
      ) : (
        <p>
          <span>
            <span className="live-status__badge">Next session</span> in{' '}
            <time dateTime={new Date(session.start).toISOString()}>{countdown(session.start - now)}</time>:
          </span>
          <strong>{sessionTime(session.start, schedule.timeZone)}</strong>
          {local && <span className="muted"> (your time: {local})</span>}
        </p>
      )}
    </div>
  );
}
