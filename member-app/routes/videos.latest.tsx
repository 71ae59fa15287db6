import { createFileRoute } from '@tanstack/react-router';
import { essentialsRoute } from '../videos/library-search.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

// docs/product.md §2: the essentials list is also reachable as /videos/latest.
export const Route = createFileRoute('/videos/latest')({
  ...essentialsRoute,
  component: Essentials,
});

function Essentials() {
  return <VideoLibrary {...Route.useLoaderData()} heading="Essentials" pageSize={20} />;
}
