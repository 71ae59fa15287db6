import { createFileRoute, redirect } from '@tanstack/react-router';
import { libraryDeps, librarySearch, loadLibraryPage } from '../videos/library-search.ts';
import { VideoLibrary } from '../videos/VideoLibrary.tsx';

/**
 * docs/product.md §2 /videos/{category}/{filter}: the /videos list, narrowed. /videos/playlists/{id} is a
 * playlist; /videos/tags/{canonical} and /videos/search/{text} open /videos with that filter set.
 */
export const Route = createFileRoute('/videos/$category/$filter')({
  staticData: { title: 'Video Library', skeleton: 'heading tabs bar cards' },
  validateSearch: librarySearch,
  beforeLoad: ({ params }) => {
    if (params.category === 'tags')
      throw redirect({ to: '/videos', search: { tags: params.filter }, replace: true });
    if (params.category === 'search')
      throw redirect({ to: '/videos', search: { search: params.filter }, replace: true });
    if (params.category !== 'playlists' || !/^[a-z0-9_]{1,40}$/.test(params.filter))
      throw redirect({ to: '/videos', replace: true });
  },
  loaderDeps: libraryDeps,
  loader: ({ context, params, deps }) => loadLibraryPage(context.queryClient, params.filter, deps),
  component: PlaylistVideos,
});

function PlaylistVideos() {
  const { filter } = Route.useParams();
  const page = Route.useLoaderData();
  const heading = page.playlists.find((p) => p.id === filter)?.title ?? 'Video Library';
  return <VideoLibrary {...page} heading={heading} pageSize={12} />;
}
