import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createRoot } from 'react-dom/client';
import { AuthHost } from '../auth/AuthHost.tsx';
import { MemberArticle } from './MemberArticle.tsx';

/**
 * Shows a members-only article's body on its static page (site/components/MemberArticleBody.astro)
 * for a signed-in member. The sign-in SDK host comes along, so an expired token is renewed as
 * everywhere else in the member app. The host needs a router; the reader gets one of its own, in
 * memory, so it never touches the address bar or the static page's links.
 */
export function mountMemberArticle(slot: HTMLElement): void {
  const slug = slot.dataset.memberArticle ?? '';
  const root = createRootRoute({
    component: () => (
      <>
        <MemberArticle slug={slug} />
        <AuthHost />
      </>
    ),
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory() });
  createRoot(slot).render(<RouterProvider router={router} />);
}
