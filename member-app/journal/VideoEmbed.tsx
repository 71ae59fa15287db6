import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isSignedIn } from '../auth/session.ts';
import { videoDetailQuery } from '../videos/library-data.ts';
import { Player } from '../videos/player/Player.tsx';
import { videoParams } from '../videos/slug.ts';
import '../videos/videos.css';

const ignore = () => {};

/**
 * A video embedded in a note (stored as a reference to our video id, never an iframe): its
 * thumbnail and title. Members play it right there (the library's player port, from the saved
 * position) or open its page; visitors see the card only.
 */
export function VideoEmbed({ id, title }: { id: string; title: string }) {
  const member = isSignedIn();
  const detail = useQuery({ ...videoDetailQuery(id), enabled: member });
  const [playing, setPlaying] = useState(false);
  const video = detail.data;
  const name = video?.title ?? title;
  if (playing && video?.uri) {
    return (
      <span className="note-video-card note-video-card--playing" contentEditable={false}>
        <Player
          uri={video.uri}
          title={name}
          startAt={video.position ?? 0}
          onTime={ignore}
          onPause={ignore}
          onReady={ignore}
        />
      </span>
    );
  }
  return (
    <span className="note-video-card" contentEditable={false}>
      {video?.thumbnail && <img src={video.thumbnail} alt="" width="160" height="90" loading="lazy" />}
      <span className="note-video-card__text">
        <span className="note-video-card__label muted">Video</span>
        {member ? (
          <Link to="/videos/watch/$videoId/$slug" params={videoParams({ id, title: name })}>
            {name}
          </Link>
        ) : (
          <strong>{name}</strong>
        )}
        {member && video?.uri && (
          <button
            type="button"
            className="btn btn-ghost note-video-card__play"
            onClick={() => setPlaying(true)}
          >
            ▶ Play here
          </button>
        )}
      </span>
    </span>
  );
}
