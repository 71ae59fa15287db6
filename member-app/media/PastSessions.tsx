import { useQuery } from '@tanstack/react-query';
import { videoListQuery } from '../videos/library-data.ts';
import { VideoGrid } from '../videos/VideoCard.tsx';
import '../videos/videos.css';

/** How many recordings /stream lists; the playlist's page has the rest. */
const SHOWN = 4;

/**
 * Past sessions: the latest recordings in the playlist the editors name in stream.json. Start-up
 * already asked for every playlist's first page, so this reads the cache and asks for nothing more.
 */
export function PastSessions({ playlist }: { playlist: string }) {
  const list = useQuery(videoListQuery({ group: playlist, search: '', tags: [] }));
  const videos = list.data?.videos.slice(0, SHOWN) ?? [];
  if (videos.length === 0) return null;
  return (
    <section aria-labelledby="past-sessions" className="past-sessions">
      <div className="past-sessions__head">
        <h2 id="past-sessions">Past sessions</h2>
        <a href={`/videos/playlists/${playlist}`}>All recordings</a>
      </div>
      <VideoGrid videos={videos} label="Past sessions" />
    </section>
  );
}
