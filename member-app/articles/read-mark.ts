import { customerId } from '../auth/session.ts';

/** Sent from the read mark, bubbling, once the article counts as read. */
export const ARTICLE_READ_EVENT = 'article-read';

/** How a mark-as-read call ended: stored, refused for good (signed out, not a member), or failed (try again). */
export type ReadAnswer = 'read' | 'refused' | 'failed';

/**
 * Marks an article read for the signed-in member (POST /api/articles/read): a course lesson it is
 * counts as done (docs/courses.md). Sent without the API client on purpose: a free article is
 * also read by signed-in people without a membership, whose 403 must not send them to /payment
 * from the middle of a public page; the mark just goes away. `token` gives the bearer token: the
 * member app's (renewed when needed) in the members-only reader, the stored one on a free page (a
 * page script importing the sign-in service would split it out of the app's first load).
 */
export async function sendArticleRead(
  slug: string,
  token: () => Promise<string | null>,
): Promise<ReadAnswer> {
  try {
    const bearer = await token();
    if (!bearer) return 'refused';
    const custID = customerId();
    const response = await fetch('/api/articles/read', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ article: slug, ...(custID ? { custID } : {}) }),
    });
    if (response.ok) return 'read';
    return response.status === 401 || response.status === 403 || response.status === 404
      ? 'refused'
      : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * The end of an article: a sentinel after its body and a 'Mark as read' button, built into `host`
 * (an empty element after the body). The article counts as read, once, when the sentinel scrolls
 * into view or the button is pressed; the button then reads "Read ✓". Refused (not a member),
 * the mark is removed. Plain DOM, so a static page needs no framework for it. Answers a cleanup.
 */
export function attachReadMark(
  host: HTMLElement,
  slug: string,
  send: (slug: string) => Promise<ReadAnswer>,
): () => void {
  const sentinel = document.createElement('div');
  sentinel.dataset.readSentinel = '';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'btn btn-ghost btn-sm';
  button.textContent = 'Mark as read';
  const status = document.createElement('span');
  status.setAttribute('role', 'status');
  status.className = 'visually-hidden';
  host.replaceChildren(sentinel, button, status);

  let state: 'unread' | 'sending' | 'read' = 'unread';
  const observer =
    typeof IntersectionObserver === 'function'
      ? new IntersectionObserver((entries) => {
          if (entries.some((entry) => entry.isIntersecting)) void mark();
        })
      : null;

  async function mark(): Promise<void> {
    if (state !== 'unread') return;
    state = 'sending';
    const answer = await send(slug);
    if (answer === 'read') {
      state = 'read';
      observer?.disconnect();
      button.textContent = 'Read ✓';
      button.disabled = true;
      status.textContent = 'Marked as read';
      // A course bar on the page (courses/LessonCourseBar.tsx) reads the lesson's state again.
      host.dispatchEvent(new CustomEvent(ARTICLE_READ_EVENT, { bubbles: true }));
    } else if (answer === 'refused') {
      observer?.disconnect();
      host.replaceChildren();
    } else {
      // Failed: the button stays, and scrolling back to the end tries again.
      state = 'unread';
    }
  }

  button.addEventListener('click', () => void mark());
  observer?.observe(sentinel);
  return () => {
    observer?.disconnect();
    host.replaceChildren();
  };
}
