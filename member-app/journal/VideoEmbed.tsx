import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { isSignedIn } from '../auth/session.ts';
import { videoDetailQuery } from '../videos/library-data.ts';
import { videoParams } from '../videos/slug.ts';

/**
 * A video embedded in a note (stored as a reference to our video id, never an iframe): its
 * thumbnail and title, linking to the video page where members watch it.
 */
export function VideoEmbed({ id, title }: { id: string; title: string }) {
  const member = isSignedIn();
  const detail = useQuery({ ...videoDetailQuery(id), enabled: member });
  const name = detail.data?.title ?? title;
  return (
    <span className="note-video-card" contentEditable={false}>
      {detail.data?.thumbnail && (
        <img src={detail.data.thumbnail} alt="" width="160" height="90" loading="lazy" />
      )}
      <span className="note-video-card__text">
        <span className="note-video-card__label muted">Video</span>
        {member ? (
          <Link to="/videos/watch/$videoId/$slug" params={videoParams({ id, title: name })}>
            ▶ {name}
          </Link>
        ) : (
          <strong>{name}</strong>
        )}
      </span>
    </span>
  );
}
