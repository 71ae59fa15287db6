import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { takePromoAccess } from '../../site/lib/landing-state.ts';
import { isSignedIn } from '../auth/session.ts';
import { useSignedIn } from '../auth/useSession.ts';
import { memberCallsAllowed } from '../data/membership-first.ts';
import { Dashboard } from '../home/Dashboard.tsx';
import { type DashboardData, loadDashboard } from '../home/dashboard-data.ts';

const NO_DATA: DashboardData = { latest: [], status: { plan: null, memberSince: null } };

// The signed-in home dashboard. Visitors get the static landing page at / instead: a full load.
export const Route = createFileRoute('/')({
  // No title: the dashboard keeps the site's own.
  staticData: { skeleton: 'heading tiles cards' },
  loader: async ({ context }): Promise<DashboardData | null> => {
    if (!isSignedIn()) return NO_DATA;
    // null: a new account without a membership, on its way to /payment; nothing is asked for.
    return (await memberCallsAllowed(context.queryClient)) ? loadDashboard(context.queryClient) : null;
  },
  component: Home,
});

function Home() {
  const signedIn = useSignedIn();
  const data = Route.useLoaderData();
  useEffect(() => {
    if (!signedIn) window.location.replace('/');
  }, [signedIn]);
  // docs/product.md §2: ?discount=email on / (a member's / is this page) stores the promo-access flag.
  useEffect(takePromoAccess, []);
  return signedIn && data ? <Dashboard {...data} /> : null;
}
