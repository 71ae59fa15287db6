import { createFileRoute } from '@tanstack/react-router';
import { libraryDeps, librarySearch, loadLibraryPage } from '../videos/library-search.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

export const Route = createFileRoute('/videos/')({
  staticData: { title: 'Video Library', skeleton: 'heading tabs bar cards' },
  validateSearch: librarySearch,
  loaderDeps: libraryDeps,
  loader: ({ context, deps }) => loadLibraryPage(context.queryClient, 'latest', deps),
  component: LatestVideos,
});

function LatestVideos() {
  return <VideoLibrary {...Route.useLoaderData()} heading="Latest Videos" pageSize={12} />;
}
