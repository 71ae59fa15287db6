import type { ReactNode } from 'react';
import { authLinks } from '../../site/lib/nav.ts';
import './visitor-pitch.css';

/**
 * What a visitor sees on a member page (docs/product.md §2: /stream, /audio; the journal, trades, chat and
 * affiliates pages to come): a heading, the pitch, and 'Join Now' to sign up.
 */
export function VisitorPitch({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <div className="media-landing card">
      <h2>{heading}</h2>
      <p>{children}</p>
      <a className="btn btn-primary" href={authLinks.signUp} rel="nofollow">
        Join Now
      </a>
    </div>
  );
}
