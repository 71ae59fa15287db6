import { createFileRoute } from '@tanstack/react-router';
import { loadStream } from '../media/media-data.ts';
import { StreamPage } from '../media/StreamPage.tsx';

export const Route = createFileRoute('/stream')({
  staticData: { title: 'Live Stream', skeleton: 'tabs heading player' },
  loader: ({ context }) => loadStream(context.queryClient),
  component: Stream,
});

function Stream() {
  return <StreamPage stream={Route.useLoaderData()} />;
}
