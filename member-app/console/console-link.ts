import { storedAccessToken } from '../auth/session.ts';
import { canReadMembers } from './token-permissions.ts';

/**
 * The Console link in the static bar (site/components/SiteHeader.astro), shown for a token carrying
 * the operator's read permission. On the pre-built pages the bar's own inline script decides; in
 * the member app this does, when a session starts (data/after-start.ts, a chunk start-up imports
 * lazily) and on /console. For display only: the server judges every call.
 */
export function showConsoleLink(): void {
  const item = document.querySelector<HTMLElement>('[data-operator-link]');
  if (item) item.hidden = !canReadMembers(storedAccessToken());
}
