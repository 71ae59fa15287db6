import { createFileRoute } from '@tanstack/react-router';
import { isSignedIn } from '../auth/session.ts';
import { VisitorPitch } from '../components/VisitorPitch.tsx';
import { ReviewPage } from '../trades/review/ReviewPage.tsx';

// `trades_`: a page of its own at /trades/review/{trip}, not drawn inside /trades (whose page has no outlet).
export const Route = createFileRoute('/trades_/review/$trip')({
  staticData: { title: 'Trade review', skeleton: 'heading player rows' },
  component: Review,
});

function Review() {
  const { trip } = Route.useParams();
  return isSignedIn() ? <ReviewPage trip={trip} /> : <VisitorReview />;
}

/** Logged out: what the review shows, and 'Join Now' (as /trades does). */
function VisitorReview() {
  return (
    <section className="member-page" aria-labelledby="page-title">
      <h1 id="page-title">Trade review</h1>
      <VisitorPitch heading="Review every trade">
        Members replay each closed trade on its price chart: every buy and sell where it happened, how far the
        price went for and against them, and which of the course's rules they kept or broke.
      </VisitorPitch>
    </section>
  );
}
