import { Link } from '@tanstack/react-router';
import type { Video } from '../../functions/_lib/contract/index.ts';
import { minutes, uploadDate } from './format.ts';
import { videoParams } from './slug.ts';
import { useWatched } from './watched.ts';

/** The Watched check: the member watched 90 % of the video (docs/library.md). */
export function WatchedMark({ className = '' }: { className?: string }) {
  return (
    <span className={`watched-mark ${className}`.trim()}>
      <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
        <path d="M20 6 9 17l-5-5" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      Watched
    </span>
  );
}

/**
 * A video card: thumbnail, title, length and date, linking to /videos/watch/{id}/{slug} (docs/product.md §2),
 * with the Watched check once the member has watched it. The check sits beside the date, off the
 * picture: thumbnails carry their own text (the sample ones their category, top left), which a badge
 * drawn over the picture would hide.
 */
export function VideoCard({
  video,
  position,
  watched = false,
}: {
  video: Video;
  position?: number;
  watched?: boolean;
}) {
  const share = position && video.duration > 0 ? Math.min(100, (position / video.duration) * 100) : 0;
  return (
    <li className="video-card">
      <Link to="/videos/watch/$videoId/$slug" params={videoParams(video)} className="video-card__link">
        <span className="video-card__thumb">
          <img src={video.thumbnail} alt="" loading="lazy" decoding="async" width="320" height="180" />
          <span className="video-card__length">{minutes(video.duration)}</span>
          {position !== undefined && (
            <span
              className="video-card__progress"
              role="presentation"
              style={{ width: `${Math.max(share, 2)}%` }}
            />
          )}
        </span>
        <span className="video-card__title">{video.title}</span>
      </Link>
      <span className="video-card__meta">
        {uploadDate(video.timestamp)}
        {watched && <WatchedMark className="video-card__watched" />}
      </span>
    </li>
  );
}

/** A grid of cards; `label` names the list for assistive technology and tests. */
export function VideoGrid({
  videos,
  label,
  positions,
}: {
  videos: Video[];
  label: string;
  positions?: Map<string, number>;
}) {
  // One cached call for every grid on the page (members only; nothing for visitors).
  const watched = useWatched();
  return (
    <ul className="video-grid" aria-label={label}>
      {videos.map((video) => {
        const position = positions?.get(video.id);
        return (
          <VideoCard
            key={video.id}
            video={video}
            watched={watched.has(video.id)}
            {...(position === undefined ? {} : { position })}
          />
        );
      })}
    </ul>
  );
}
