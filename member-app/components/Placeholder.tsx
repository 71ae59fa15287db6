import type { ReactNode } from 'react';

/** Holds a member route's place until its feature lands, so every route resolves today. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="member-page" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {children ?? <p className="muted">This section is on its way.</p>}
    </section>
  );
}
