import { useQuery } from '@tanstack/react-query';
import { type AnyRouter, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { subscriptionStatusQuery } from '../account/subscription-data.ts';
import { isSignedIn } from '../auth/session.ts';
import { CARD_FORM_ID, landOnCardForm, watchesPastDue } from './past-due.ts';

/**
 * docs/product.md §2: while a renewal charge is failing (the status says `pastDue`), every member page
 * opens with a banner saying so and linking to the card form. Loaded lazily by the root route
 * (routes/__root.tsx): the app's first load is at its budget, and most visits have nothing to show.
 * It reads the path through the router's events rather than `useRouterState`: importing that hook
 * here moved a first-load module into a chunk of its own (+0.35 KB gzip on the first load).
 *
 * The status is asked once per visit (an answer from the last minute will do) and again when the tab
 * regains focus; while the banner shows, on every page change and every focus (the member may have
 * fixed the card elsewhere, or the provider's retry went through). A card update on /account
 * invalidates the status (account/CardForm.tsx), so the banner goes without a reload.
 */
export default function PastDueWatch() {
  const router = useRouter();
  const pathname = usePathname(router);
  // Read on each render (each navigation): the root mounts this for visitors too (a check there
  // cost the first load bytes), and a visitor's page asks nothing.
  const enabled = watchesPastDue(pathname, isSignedIn());
  const { data, refetch } = useQuery({
    ...subscriptionStatusQuery,
    enabled,
    staleTime: 60_000,
    // The app's client turns focus refetches off (data/query-client.ts); this reader wants them.
    refetchOnWindowFocus: (query) => (query.state.data?.pastDue ? 'always' : true),
  });
  const pastDue = enabled && data?.pastDue === true;
  useRefetchOnPageChange(pathname, pastDue, refetch);
  useLandOnCardForm(router);
  return pastDue ? <PastDueBanner /> : null;
}

function PastDueBanner() {
  return (
    // A status region, not an alert: read once when it appears, without interrupting.
    <div className="past-due" role="status">
      <p className="past-due__text">
        <strong>Your last payment didn't go through.</strong> We'll try your card again over the next few
        days; update it to keep your membership.
      </p>
      {/* A plain link: the root's in-app link handler (routes/__root.tsx) opens it without a reload. */}
      <a className="past-due__link" href={`/account#${CARD_FORM_ID}`}>
        Update your card
      </a>
    </div>
  );
}

/** The page's path, as of the last finished navigation. */
function usePathname(router: AnyRouter): string {
  return useSyncExternalStore(
    (changed) => router.subscribe('onResolved', changed),
    () => router.state.location.pathname,
  );
}

/** While the banner shows, each page change asks the status again (not the first render: mounting asked). */
function useRefetchOnPageChange(
  pathname: string,
  pastDue: boolean,
  refetch: (options: { cancelRefetch: boolean }) => Promise<unknown>,
) {
  const shown = useRef(pastDue);
  shown.current = pastDue;
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    // Shares a request already in flight (the /account loader asks too) instead of cancelling it.
    if (shown.current) void refetch({ cancelRefetch: false });
  }, [pathname, refetch]);
}

/**
 * The banner's link (or any link to `/account#update-card`) lands in the card form: focused and in
 * view, once the page is drawn. The router scrolls to a hash itself, but does not move focus.
 */
function useLandOnCardForm(router: AnyRouter) {
  useEffect(() => {
    landOnCardForm();
    return router.subscribe('onRendered', () => {
      landOnCardForm();
    });
  }, [router]);
}
