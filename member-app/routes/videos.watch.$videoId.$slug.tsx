import { createFileRoute } from '@tanstack/react-router';
import { WatchVideo } from '../videos/WatchVideo.tsx';
import { loadWatch } from '../videos/watch-data.ts';

export const Route = createFileRoute('/videos/watch/$videoId/$slug')({
  staticData: { title: 'Watch Video', skeleton: 'heading player rows' },
  loader: ({ context, params }) => loadWatch(context.queryClient, params.videoId, params.slug),
  component: Watch,
});

function Watch() {
  const data = Route.useLoaderData();
  // A new video is a new page: player, chapters and saved position start over.
  return <WatchVideo key={data.video.id} {...data} />;
}
