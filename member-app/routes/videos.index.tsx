import { createFileRoute } from '@tanstack/react-router';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';
import { libraryMetaStaleTime, loadLibraryMeta } from '../videos/library-data.ts';

export const Route = createFileRoute('/videos/')({
  staticData: { title: 'Video Library' },
  loader: loadLibraryMeta,
  staleTime: libraryMetaStaleTime,
  component: () => <VideoLibrary {...Route.useLoaderData()} heading="Latest Videos" />,
});
