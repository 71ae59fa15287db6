import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Chapter } from '../../functions/_lib/contract/index.ts';
import { authLinks } from '../../site/lib/nav.ts';
import { site } from '../../site/lib/site.ts';
import { useSignedIn } from '../auth/useSession.ts';
import { clock, minutes, uploadDate } from './format.ts';
import { Player } from './player/Player.tsx';
import type { PlayerHandle } from './player/types.ts';
import { resumePosition } from './progress.ts';
import { startPosition } from './start-time.ts';
import { useResume } from './useResume.ts';
import { VideoGrid, WatchedMark } from './VideoCard.tsx';
import type { WatchData } from './watch-data.ts';
import { useWatched } from './watched.ts';
import './videos.css';

/** docs/product.md §9: the player is asked for its own chapters this long after it is ready. */
export const CHAPTER_LOOKUP_DELAY_MS = 250;

/**
 * docs/product.md §2 Video page. Members: the player (resuming where they left off, or from `?t=`),
 * chapters that seek it, a Watched check, 'Create Note' and the latest videos. Visitors: the
 * thumbnail, 'Log in to watch this video' and 'Join Now'. Both: title, length, upload date,
 * chapters and the description. Opened from a course, the course bar (`courseBar`) comes first.
 */
export function WatchVideo({
  video,
  failed,
  latest,
  startTime,
  courseBar,
}: WatchData & { startTime?: number; courseBar?: ReactNode }) {
  const signedIn = useSignedIn();
  const member = signedIn && video.uri !== undefined;
  const [chapters, setChapters] = useState<Chapter[]>(failed ? [] : video.chapters);
  const handle = useRef<PlayerHandle | null>(null);
  const [startAt] = useState(() =>
    startPosition(startTime, video.duration, resumePosition(video.id, video.position)),
  );
  const [now, setNow] = useState(startAt);
  const resume = useResume(video.id);
  const watched = useWatched().has(video.id);

  // The host's chapters win when it has them (edited there after the last sync).
  const onReady = (player: PlayerHandle) => {
    handle.current = player;
    window.setTimeout(() => {
      void player.chapters().then((fromHost) => {
        if (fromHost.length > 0) setChapters(fromHost);
      });
    }, CHAPTER_LOOKUP_DELAY_MS);
  };
  useEffect(
    () => () => {
      handle.current = null;
    },
    [],
  );

  const current = chapters.findLast((c) => c.startTime <= now + 0.25);
  const noteHref = `/journal?${new URLSearchParams({ video: video.id, videoTitle: video.title })}`;

  return (
    <article className="member-page watch" aria-labelledby="page-title">
      {courseBar}
      <h1 id="page-title">{video.title}</h1>
      <p className="watch__meta muted">
        <span>{minutes(video.duration)}</span> · <span>Uploaded {uploadDate(video.timestamp)}</span>
        {member && watched && (
          <>
            {' · '}
            <WatchedMark />
          </>
        )}
      </p>

      <div className="watch__layout">
        <div className="watch__stage">
          {member && video.uri !== undefined ? (
            <Player
              uri={video.uri}
              title={video.title}
              startAt={startAt}
              onReady={onReady}
              onTime={(position, duration) => {
                setNow(position);
                resume.onTime(position, duration);
              }}
              onPause={resume.onPause}
              onPlay={(position, duration) => {
                setNow(position);
                resume.onAnchor(position, duration);
              }}
            />
          ) : (
            <figure className="watch__locked">
              <img src={video.thumbnail} alt="" width="640" height="360" />
              <figcaption>
                <strong>Log in to watch this video</strong>
                <span className="cta-row">
                  <a className="btn btn-primary" href={authLinks.signUp} rel="nofollow">
                    Join Now
                  </a>
                  {!signedIn && (
                    <a className="btn btn-ghost" href={authLinks.signIn} rel="nofollow">
                      Sign In
                    </a>
                  )}
                </span>
              </figcaption>
            </figure>
          )}
          {member && (
            <p className="watch__rule muted">
              For a course lesson on this video: it is done once you have played 90% of its part of the video.
              Parts you skip do not count.
            </p>
          )}
          {signedIn && (
            <p className="watch__actions">
              <a className="btn btn-ghost" href={noteHref}>
                Create Note
              </a>
            </p>
          )}
        </div>

        <section className="watch__chapters" aria-labelledby="chapters-title">
          <h2 id="chapters-title">Chapters</h2>
          {chapters.length === 0 ? (
            <p className="muted">
              {failed ? 'Chapters could not be loaded.' : 'This video has no chapters.'}
            </p>
          ) : (
            <ol>
              {chapters.map((chapter) => (
                <li key={`${chapter.startTime}-${chapter.title}`}>
                  {member ? (
                    <button
                      type="button"
                      className="chapter"
                      aria-current={chapter === current ? 'true' : undefined}
                      onClick={() => handle.current?.seek(chapter.startTime)}
                    >
                      <span className="chapter__time">{clock(chapter.startTime)}</span> {chapter.title}
                    </button>
                  ) : (
                    <span className="chapter">
                      <span className="chapter__time">{clock(chapter.startTime)}</span> {chapter.title}
                    </span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>

      {video.description && (
        <section className="watch__description" aria-labelledby="about-title">
          <h2 id="about-title">About this video</h2>
          <p>{video.description}</p>
          {!member && (
            <p className="muted watch__note">
              This description was written with the help of AI. Something not right?{' '}
              <a href={site.contactUrl}>Contact support</a>.
            </p>
          )}
        </section>
      )}

      {member && latest.length > 0 && (
        <section aria-labelledby="latest-title">
          <h2 id="latest-title">Latest Videos</h2>
          <VideoGrid videos={latest} label="Latest videos" />
        </section>
      )}
    </article>
  );
}
