import { site } from '../../site/lib/site.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { LiveStatus } from './LiveStatus.tsx';
import { MediaTabs } from './MediaTabs.tsx';
import { isEmbedUrl, type LiveStream } from './media-data.ts';
import { PastSessions } from './PastSessions.tsx';
import './media.css';

/**
 * docs/product.md §2 /stream: live now or the next session with a countdown (for everyone: the time is
 * public), then the live event for members; for visitors, the daily stream's landing text.
 */
export function StreamPage({ stream }: { stream: LiveStream | null }) {
  return (
    <section className="member-page media-page" aria-labelledby="page-title">
      <MediaTabs />
      <h1 id="page-title">Live Stream</h1>
      <p className="lead">Live every trading day at {site.liveStreamTime}.</p>
      <LiveStatus />
      {stream ? (
        <div className="stream">
          {isEmbedUrl(stream.embed) ? (
            <iframe
              src={stream.embed}
              title={stream.title}
              allow="autoplay; fullscreen; picture-in-picture"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <video src={stream.embed} title={stream.title} controls autoPlay muted loop playsInline />
          )}
        </div>
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
