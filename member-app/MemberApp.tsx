import { QueryClientProvider } from '@tanstack/react-query';
import { createRouter, RouterContextProvider, RouterProvider } from '@tanstack/react-router';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AuthHost } from './auth/AuthHost.tsx';
import { RouteSkeleton } from './components/Skeleton.tsx';
import { queryClient } from './data/query-client.ts';
import { routeTree } from './routeTree.gen.ts';

const router = createRouter({
  routeTree,
  // Loaders read and fill the app's query cache (data/query-client.ts).
  context: { queryClient },
  // docs/product.md §2: scroll resets to the top on every route change (the router's default), at once
  // rather than with the page's smooth scrolling.
  scrollRestorationBehavior: 'instant',
  defaultPreload: 'intent',
  // A page that takes longer than 300 ms to load shows its skeleton (the parts its route names), then
  // keeps it at least the router's default 500 ms, so it does not flash; a quick one (data cached,
  // code here) shows none.
  defaultPendingComponent: RouteSkeleton,
  defaultPendingMs: 300,
  defaultErrorComponent: ({ error }) => (
    <section className="member-page" role="alert">
      <h1>Something went wrong</h1>
      <p className="muted">{error instanceof Error ? error.message : 'Please try again.'}</p>
    </section>
  ),
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/** The member island: one client-only React root for every member route. */
export function MemberApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      {/* Beside the routes, not inside them: a route's loader that waits on a call needing a renewed
          token must not wait on a sign-in SDK that would only mount once the route has loaded. */}
      <RouterContextProvider router={router}>
        <AuthHost />
      </RouterContextProvider>
    </QueryClientProvider>
  );
}

/**
 * Renders the app into its element on the app's page (site/pages/app.astro), replacing the loading
 * line there. A plain module script rather than an Astro `client:only` island: the island's loader
 * (the `astro-island` element and the React renderer, 2.7 KB gzip) did nothing here but this. As the
 * island did, the first render is a transition, so it yields to the browser while it works.
 */
export function mountMemberApp(element: HTMLElement): void {
  startTransition(() => createRoot(element).render(<MemberApp />));
}
