import { createFileRoute } from '@tanstack/react-router';
import { libraryMetaStaleTime, loadLibraryMeta } from '../videos/library-data.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

export const Route = createFileRoute('/videos/$category/$filter')({
  staticData: { title: 'Video Library' },
  loader: loadLibraryMeta,
  staleTime: libraryMetaStaleTime,
  component: FilteredLibrary,
});

function FilteredLibrary() {
  const { filter } = Route.useParams();
  const meta = Route.useLoaderData();
  const heading = meta.playlists.find((p) => p.id === filter)?.title ?? 'Video Library';
  return <VideoLibrary heading={heading} {...meta} />;
}
