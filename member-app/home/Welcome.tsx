import { site } from '../../site/lib/site.ts';
import { currentOrNextSession, sessionTime } from '../media/live-schedule.ts';

/** The first-visit welcome after paying: the three places a new member should go first. */
export function Welcome({ onClose }: { onClose: () => void }) {
  const next = currentOrNextSession(Date.now(), site.liveStream);
  return (
    <aside className="welcome card" aria-labelledby="welcome-title">
      <h2 id="welcome-title">Welcome to {site.name}</h2>
      <p className="muted">You're in. Here is where to start:</p>
      <ol className="welcome__steps">
        <li>
          <a href="/courses">Start a course</a>, step by step, or{' '}
          <a href="/videos/playlists/essentials">watch the Essentials videos (playlist)</a> every member
          should see first.
        </li>
        <li>
          <a href="/stream">Join the live stream</a> every trading day at {site.liveStreamTime}
          {next && !next.live && <> (next: {sessionTime(next.start)})</>}
          {next?.live && <> (live now)</>}.
        </li>
        <li>
          Keep a <a href="/journal">notes journal</a> by $symbol, and log or import your trades in the{' '}
          <a href="/trades">trade journal</a> to see what works.
        </li>
        <li>
          <a href="/chat">Get your chat invite</a> and trade alongside other members.
        </li>
      </ol>
      <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
        Got it
      </button>
    </aside>
  );
}
