import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../components/Placeholder.tsx';

export const Route = createFileRoute('/videos/watch/$videoId/$slug')({
  staticData: { title: 'Watch Video' },
  component: WatchVideo,
});

function WatchVideo() {
  const { videoId } = Route.useParams();
  return <Placeholder title="Watch Video">{<p className="muted">Video {videoId}</p>}</Placeholder>;
}
