import { createFileRoute } from '@tanstack/react-router';
import { essentialsRoute } from '../videos/library-search.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

// docs/product.md §2: Essentials videos, 20 per page.
export const Route = createFileRoute('/videos/playlists/essentials')({
  ...essentialsRoute,
  component: Essentials,
});

function Essentials() {
  return <VideoLibrary {...Route.useLoaderData()} heading="Essentials" pageSize={20} />;
}
