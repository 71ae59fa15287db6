import { createFileRoute } from '@tanstack/react-router';
import { libraryDeps, librarySearch, loadLibraryPage } from '../videos/library-search.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

// SPEC §2: Essentials videos, 20 per page.
export const Route = createFileRoute('/videos/playlists/essentials')({
  staticData: { title: 'Video Library' },
  validateSearch: librarySearch,
  loaderDeps: libraryDeps,
  loader: ({ deps }) => loadLibraryPage('essentials', deps),
  component: Essentials,
});

function Essentials() {
  return <VideoLibrary {...Route.useLoaderData()} heading="Essentials" pageSize={20} />;
}
