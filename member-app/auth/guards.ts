import { redirect } from '@tanstack/react-router';
import { isSignedIn } from './session.ts';

/**
 * docs/product.md §4 Route guards: /account and /payment need a token; without one, to /. A full page load,
 * because / is then the static landing page. UX only: every function checks the token itself.
 */
export function requireToken(): void {
  if (!isSignedIn()) throw redirect({ href: '/', reloadDocument: true, replace: true });
}
