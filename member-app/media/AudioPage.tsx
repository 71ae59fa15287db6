import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { uploadDate } from '../videos/format.ts';
import { AudioPlayer } from './AudioPlayer.tsx';
import { MediaTabs } from './MediaTabs.tsx';
import { type AudioList, isEmbedUrl } from './media-data.ts';
import './media.css';

/** docs/product.md §2 /audio: members get 'Latest Audio', up to 25 players newest first; visitors a landing. */
export function AudioPage({ audio }: { audio: AudioList | null }) {
  return (
    <section className="member-page media-page" aria-labelledby="page-title">
      <MediaTabs />
      <h1 id="page-title">Audio</h1>
      {audio ? (
        <section aria-labelledby="latest-audio">
          <h2 id="latest-audio">Latest Audio</h2>
          {audio.length === 0 ? (
            <p className="muted">No episodes yet.</p>
          ) : (
            <ol className="tracks" aria-label="Episodes">
              {audio.map((track) => (
                <li key={track.track_id} className="track card">
                  <div className="track__head">
                    <strong>{track.title}</strong>
                    <span className="muted">{uploadDate(track.timestamp)}</span>
                  </div>
                  {isEmbedUrl(track.uri) ? (
                    <iframe
                      src={track.uri}
                      title={track.title}
                      loading="lazy"
                      allow="autoplay"
                      height="152"
                    />
                  ) : (
                    <AudioPlayer src={track.uri} title={track.title} duration={track.duration} />
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : (
        <VisitorPitch heading="Listen on the go">
          Members get every podcast episode: morning prep, market wraps and questions from the community,
          newest first.
        </VisitorPitch>
      )}
    </section>
  );
}
