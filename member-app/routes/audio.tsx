import { createFileRoute } from '@tanstack/react-router';
import { AudioPage } from '../media/AudioPage.tsx';
import { loadAudio } from '../media/media-data.ts';

export const Route = createFileRoute('/audio')({
  staticData: { title: 'Audio', skeleton: 'tabs heading rows' },
  loader: ({ context }) => loadAudio(context.queryClient),
  component: Audio,
});

function Audio() {
  return <AudioPage audio={Route.useLoaderData()} />;
}
