import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { WatchingVideo } from '../../functions/_lib/contract/index.ts';
import { site } from '../../site/lib/site.ts';
import { useRestAfterFirstPaint } from '../components/useRestAfterFirstPaint.ts';
import { CourseContinueCard } from '../courses/CourseContinueCard.tsx';
import { continueWatchingQuery } from '../videos/library-data.ts';
import { VideoGrid } from '../videos/VideoCard.tsx';
import { allVideos, DASHBOARD_LATEST, type DashboardData } from './dashboard-data.ts';
import { dismissPromo, promoDismissed, showUpgradePromo } from './plan.ts';
import { Welcome } from './Welcome.tsx';
import { dismissWelcome, welcomeDue } from './welcome.ts';
import '../videos/videos.css';
import './home.css';

/** Every paid room, one click from home (the learning path first, the account last). */
const cards = [
  {
    href: '/courses',
    title: 'Courses',
    text: 'Learn step by step, with checks and practice in your journal.',
  },
  { href: '/stream', title: 'Live stream', text: `Every trading day at ${site.liveStreamTime}.` },
  // A playlist, not the course: named so, and placed apart from Courses.
  {
    href: '/videos/playlists/essentials',
    title: 'Essentials videos (playlist)',
    text: 'The videos every member should see first, in one playlist.',
  },
  { href: '/journal', title: 'Journal', text: 'Plan trades and keep notes by symbol and category.' },
  { href: '/trades', title: 'Trades', text: 'Log or import your trades; see what works.' },
  { href: '/audio', title: 'Audio', text: 'Podcast episodes: morning prep, wraps and Q&A.' },
  { href: '/chat', title: 'Chat', text: 'Get your invite to the private member chat.' },
  { href: '/affiliates', title: 'Affiliates', text: 'Share OTC Edge and earn a commission.' },
  { href: '/account', title: 'Account', text: 'Your subscription, card, email and password.' },
];

const NOTHING_WATCHED: WatchingVideo[] = [];

/**
 * 'Continue watching', kept current while the dashboard shows: a position saved after its loader
 * ran (the save on leaving a video comes then) invalidates it, and it is read again. A read that
 * failed in the loader is not asked again on mount; the section stays out (docs/product.md §8).
 */
function useContinueWatching(): WatchingVideo[] {
  return useQuery({ ...continueWatchingQuery, retryOnMount: false }).data ?? NOTHING_WATCHED;
}

/**
 * docs/product.md §2 Home dashboard (signed in): the welcome after paying, the course to continue,
 * section cards, the yearly promo, latest and all videos.
 */
export function Dashboard({ latest, status }: DashboardData) {
  const watching = useContinueWatching();
  const [promo, setPromo] = useState(() => showUpgradePromo(status, promoDismissed(), Date.now()));
  const [welcome, setWelcome] = useState(welcomeDue);
  const positions = new Map(watching.map((v) => [v.id, v.position]));
  // The first screen (welcome, cards, latest) first; 'All Videos', last on the page, and the course
  // progress (its card keeps its place meanwhile), once idle.
  const rest = useRestAfterFirstPaint();

  return (
    <section className="member-page dashboard" aria-labelledby="page-title">
      <h1 id="page-title">Home</h1>

      {welcome && (
        <Welcome
          onClose={() => {
            dismissWelcome();
            setWelcome(false);
          }}
        />
      )}

      {promo && (
        <aside className="promo card" aria-label="Yearly plan">
          <p>
            <strong>Save with the yearly plan.</strong> Switch from monthly billing in your account settings.
          </p>
          <a className="btn btn-primary" href="/account">
            Upgrade to Yearly
          </a>
          <button
            type="button"
            className="promo__close"
            aria-label="Dismiss"
            onClick={() => {
              dismissPromo();
              setPromo(false);
            }}
          >
            ×
          </button>
        </aside>
      )}

      <CourseContinueCard load={rest} />

      <nav aria-label="Sections" className="dashboard__cards">
        {cards.map((card) => (
          <a key={card.href} href={card.href} className="dashboard__card card">
            <strong>{card.title}</strong>
            <span className="muted">{card.text}</span>
          </a>
        ))}
      </nav>

      {watching.length > 0 && (
        <section aria-labelledby="continue-title">
          <h2 id="continue-title">Continue watching</h2>
          <VideoGrid videos={watching} positions={positions} label="Continue watching" />
        </section>
      )}

      <section aria-labelledby="latest-title">
        <h2 id="latest-title">Latest Videos</h2>
        <VideoGrid videos={latest.slice(0, DASHBOARD_LATEST)} label="Latest videos" />
      </section>

      <section aria-labelledby="all-title">
        <div className="section-row">
          <h2 id="all-title">All Videos</h2>
          <Link to="/videos">View all videos</Link>
        </div>
        <VideoGrid videos={rest ? allVideos(latest) : []} label="All videos" />
      </section>
    </section>
  );
}
