import { createFileRoute } from '@tanstack/react-router';
import { isSignedIn } from '../auth/session.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { TradesPage } from '../trades/TradesPage.tsx';
import { loadTrades } from '../trades/trades-data.ts';
import { validTripSearch } from '../trades/trip-search.ts';

export const Route = createFileRoute('/trades')({
  staticData: { title: 'Trade History', skeleton: 'tabs heading bar tiles rows' },
  // The page's filters (docs/trades.md): what a pasted URL gets wrong is dropped, not refused.
  validateSearch: validTripSearch,
  // Members: every trade (the statistics need them all). A failure is only logged (docs/product.md §8).
  loader: ({ context }) =>
    isSignedIn()
      ? loadTrades(context.queryClient).catch((e: unknown) => console.warn('Trades load failed', e))
      : null,
  component: Trades,
});

function Trades() {
  const search = Route.useSearch();
  return isSignedIn() ? <TradesPage search={search} /> : <VisitorTrades />;
}

/** docs/product.md §2 Trade history, logged out: what the page does, and 'Join Now'. */
function VisitorTrades() {
  return (
    <section className="member-page" aria-labelledby="page-title">
      <h1 id="page-title">Trade History</h1>
      <VisitorPitch heading="Track every trade">
        Members log every buy and sell (or import their broker statements) and get real statistics: win rate,
        profit factor, streaks, P&L by symbol, weekday and price, a cumulative P&L chart and a daily P&L
        calendar.
      </VisitorPitch>
    </section>
  );
}
