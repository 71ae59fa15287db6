import { useRouterState } from '@tanstack/react-router';

/**
 * The blocks a page skeleton is drawn from (skeleton.css, imported by routes/__root.tsx), each one
 * element sized like the part it stands for, its repeated shapes drawn by CSS: `heading` bar, pill
 * `tabs`, filter `bar`, `tiles` (section cards, statistics), a video `cards` grid, table `rows`, a
 * `sidebar` beside a panel, a `player`, `forms` panels. A route names its parts, top to bottom, in
 * its static data: `staticData: { title: 'Trade History', skeleton: 'heading bar tiles rows' }` (a
 * string: route options are in the app's first load).
 */
export type SkeletonPart =
  | 'heading'
  | 'tabs'
  | 'bar'
  | 'tiles'
  | 'cards'
  | 'rows'
  | 'sidebar'
  | 'player'
  | 'forms';

/** A page's parts, top to bottom, separated by spaces (the first one checked by the compiler). */
export type SkeletonLayout = SkeletonPart | `${SkeletonPart} ${string}`;

/**
 * The page being loaded, as its layout: grey blocks where its parts will be, in the page's own frame
 * (`member-page`), so nothing moves when the page replaces it. The blocks are hidden from assistive
 * technology; one polite status names the page. The router's pending component (MemberApp.tsx) and
 * the visit's first page while it loads (routes/__root.tsx).
 */
export function RouteSkeleton() {
  const page = useRouterState({ select: (state) => state.matches.at(-1)?.staticData });
  return (
    <section className="member-page skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        {/* The dashboard keeps the site's title: it is the one page without one. */}
        Loading {page?.title ?? 'Home'}
      </p>
      <div aria-hidden="true">
        {(page?.skeleton ?? 'heading').split(' ').map((part) => (
          <div key={part} className={`skeleton__${part}`} />
        ))}
      </div>
    </section>
  );
}
