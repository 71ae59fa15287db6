import { createFileRoute } from '@tanstack/react-router';
import { libraryMetaStaleTime, loadLibraryMeta } from '../videos/library-data.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

export const Route = createFileRoute('/videos/playlists/essentials')({
  staticData: { title: 'Video Library' },
  loader: loadLibraryMeta,
  staleTime: libraryMetaStaleTime,
  component: () => <VideoLibrary {...Route.useLoaderData()} heading="Essentials" />,
});
