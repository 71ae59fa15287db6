import {
  createRootRouteWithContext,
  Outlet,
  useMatches,
  useRouter,
  useRouterState,
} from '@tanstack/react-router';
import { lazy, Suspense, useDeferredValue, useEffect } from 'react';
import { isSignedIn } from '../auth/session.ts';
import { RouteSkeleton, type SkeletonLayout } from '../components/Skeleton.tsx';
import type { RouterContext } from '../data/query-client.ts';
import { nextTask, startUp } from '../data/startup.ts';
import { isMemberPath } from '../member-paths.ts';
import { pageTitle } from '../page-title.ts';
// The app's shared styles (page width, the loading line, forms). Imported here, below the app's
// other modules, so the page lists them after the site's global styles (tests/e2e/foundation.spec.ts).
import '../member-app.css';
// The pages' skeletons (components/Skeleton.tsx), from the same place for the same reason.
import '../components/skeleton.css';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Section name for the page title; omitted → the default title. */
    title?: string;
    /** The page's skeleton while it loads: its parts, top to bottom (components/Skeleton.tsx). */
    skeleton?: SkeletonLayout;
  }
}

// Every route's loader gets the app's QueryClient as `context.queryClient` (MemberApp.tsx).
export const Route = createRootRouteWithContext<RouterContext>()({
  // docs/product.md §4 start-up: the visit's data is requested at once, in parallel, before any route waits on it.
  beforeLoad: async ({ context, location }) => {
    if (startUp(context.queryClient, location.pathname)) await nextTask();
  },
  component: Root,
  // docs/product.md §2: any unknown path goes to /. A full load, because / is the static landing page.
  notFoundComponent: LeaveForHome,
});

// The past-due banner and the status reads behind it, in a chunk of their own: the first load is at
// its budget (docs/benchmarks.md), and it shows only while a renewal charge is failing.
const PastDueWatch = lazy(() => import('../past-due/PastDueWatch.tsx'));

function Root() {
  // Read once here and handed to the hooks below (the first load is at its budget).
  const matches = useMatches();
  useDocumentTitle(matches.findLast((match) => match.staticData.title)?.staticData.title);
  useRouteAttribute(matches.at(-1)?.pathname ?? '/');
  useInAppLinks(useRouter());
  return (
    <>
      <Suspense>
        <PastDueWatch />
      </Suspense>
      <FirstPage />
    </>
  );
}

/** Set once the visit's first page has been drawn. */
let firstPageDrawn = false;

/**
 * The visit's first page is drawn in the background, in slices that leave the browser free between
 * them. The router announces a loaded page through a store update, which React draws in one go: for
 * the first page (the editor, the lists, the reports) that was one long task while the page loaded.
 * Until it is drawn (its code and data loading, then React drawing it), its skeleton shows in its
 * place. Later pages are drawn at once, as before: a member moving between pages sees the last page
 * until the next is loaded (its skeleton only when that takes a while: MemberApp.tsx).
 */
function FirstPage() {
  const loaded = useRouterState({
    select: (state) => {
      const leaf = state.matches.at(-1);
      return leaf?.status === 'success' ? leaf.id : null;
    },
  });
  const drawn = useDeferredValue(loaded, null);
  useEffect(() => {
    if (drawn !== null) firstPageDrawn = true;
  }, [drawn]);
  if (!firstPageDrawn && drawn !== loaded) return <RouteSkeleton />;
  return <Outlet />;
}

function LeaveForHome() {
  useEffect(() => window.location.replace('/'), []);
  return null;
}

function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}

/**
 * Mirrors the current section on <html data-route> so the static layout can react (nav hidden on
 * /payment), and marks the static bar's entry for it: the app's one page is served for every member
 * route, so the bar's `aria-current` would otherwise stay where the first load put it.
 * docs/product.md §2 Layout: the Account dropdown (a popover in the static header, which closes itself
 * on a click outside) also closes on a route change. One hook for both: the first load is at its budget.
 */
function useRouteAttribute(pathname: string) {
  useEffect(() => {
    const menu = document.getElementById('account-menu');
    if (menu?.matches(':popover-open')) menu.hidePopover();
    document.documentElement.dataset.route = pathname.split('/')[1] || 'home';
    // The same rule as site/lib/nav.ts isCurrentLink, read from the bar's own attributes (the nav
    // list itself stays out of the app's first load).
    for (const anchor of document.querySelectorAll<HTMLAnchorElement>('.site-nav__links a')) {
      const sections = [anchor.getAttribute('href'), ...(anchor.dataset.sections?.split(' ') ?? [])];
      const current = sections.some((href) => href && (pathname === href || pathname.startsWith(`${href}/`)));
      if (current) anchor.setAttribute('aria-current', 'page');
      else anchor.removeAttribute('aria-current');
    }
  }, [pathname]);
}

/**
 * The navigation bar and footer are static HTML around the island. Clicks on their links to
 * member routes are handled in the app instead of reloading the page; other links load normally.
 */
function useInAppLinks(router: ReturnType<typeof useRouter>) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href);
      // For a signed-in member / is the dashboard, an app route; for a visitor it is the static landing.
      const inApp = isMemberPath(url.pathname) || (url.pathname === '/' && isSignedIn());
      if (url.origin !== window.location.origin || !inApp) return;
      event.preventDefault();
      void router.navigate({ href: url.pathname + url.search + url.hash });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [router]);
}
