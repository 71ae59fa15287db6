import { Link } from '@tanstack/react-router';
import type { Video } from '../../functions/_lib/contract/index.ts';
import { minutes, uploadDate } from './format.ts';
import { videoParams } from './slug.ts';

/** A video card: thumbnail, title, length and date, linking to /videos/watch/{id}/{slug} (docs/product.md §2). */
export function VideoCard({ video, position }: { video: Video; position?: number }) {
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
      <span className="video-card__meta">{uploadDate(video.timestamp)}</span>
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
  return (
    <ul className="video-grid" aria-label={label}>
      {videos.map((video) => {
        const position = positions?.get(video.id);
        return <VideoCard key={video.id} video={video} {...(position === undefined ? {} : { position })} />;
      })}
    </ul>
  );
}
