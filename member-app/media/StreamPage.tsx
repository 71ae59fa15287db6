import { site } from '../../site/lib/site.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { LiveStatus, useNow } from './LiveStatus.tsx';
import { streamState } from './live-schedule.ts';
import { MediaTabs } from './MediaTabs.tsx';
import { isEmbedUrl, type LiveStream } from './media-data.ts';
import { PastSessions } from './PastSessions.tsx';
import './media.css';

/**
 * docs/product.md §2 /stream: live now or the next session with a countdown (for everyone: the time is
 * public), then the live event for members; for visitors, the daily stream's landing text. Outside
 * the session the player is labelled a replay and never starts by itself (live-schedule.ts streamState).
 */
export function StreamPage({ stream }: { stream: LiveStream | null }) {
  const now = useNow();
  const state = streamState(now, site.liveStream);
  return (
    <section className="member-page media-page" aria-labelledby="page-title">
      <MediaTabs />
      <h1 id="page-title">Live Stream</h1>
      <p className="lead">Live every trading day at {site.liveStreamTime}.</p>
      <LiveStatus now={now} state={state} />
      {stream ? (
        <StreamPlayer stream={stream} live={state.player === 'live'} />
      ) : (
        <VisitorPitch heading="Trade the close with us">
          Every trading day at {site.liveStreamTime} we go live: the day's movers, the filings behind them,
          and how a plan is made, or why we sit out. Members watch live and ask questions in the chat.
        </VisitorPitch>
      )}
      {stream?.recordingsPlaylist && <PastSessions playlist={stream.recordingsPlaylist} />}
    </section>
  );
}

/**
 * The live event while a session is on, playing by itself; otherwise the same player labelled
 * *Replay*, started only by the member. Keyed on the mode: when the session starts while the page is
 * open, the player is made again and starts playing.
 */
function StreamPlayer({ stream, live }: { stream: LiveStream; live: boolean }) {
  const label = live ? 'Live' : 'Replay';
  return (
    <figure className={`stream-frame stream-frame--${live ? 'live' : 'replay'}`} key={label}>
      <figcaption className="stream-frame__label">
        {live ? '● Live' : 'Replay: the last session. The next one starts here, live.'}
      </figcaption>
      <div className="stream">
        {isEmbedUrl(stream.embed) ? (
          <iframe
            src={stream.embed}
            title={`${stream.title} (${label})`}
            allow={live ? 'autoplay; fullscreen; picture-in-picture' : 'fullscreen; picture-in-picture'}
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : live ? (
          <video
            src={stream.embed}
            title={`${stream.title} (Live)`}
            controls
            autoPlay
            muted
            loop
            playsInline
          />
        ) : (
          // biome-ignore lint/a11y/useMediaCaption: the stream's recordings carry no caption track (the live one is muted)
          <video
            src={stream.embed}
            title={`${stream.title} (Replay)`}
            controls
            preload="metadata"
            playsInline
          />
        )}
      </div>
    </figure>
  );
}
