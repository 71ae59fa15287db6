import { useCallback, useEffect, useRef, useState } from 'react';
import { authLinks } from '../../site/lib/nav.ts';
import { ApiError, callApi } from '../api/client.ts';
import { accessTokenForApi } from '../auth/auth-service.ts';
import { attachReadMark, sendArticleRead } from './read-mark.ts';

type State =
  | { status: 'loading' }
  | { status: 'ready'; body: string }
  | { status: 'missing' }
  | { status: 'signed-out' }
  | { status: 'failed' };

/** The end of the body: read once it scrolls into view, or with 'Mark as read' (read-mark.ts). */
function ReadMark({ slug }: { slug: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      host.current
        ? attachReadMark(host.current, slug, (article) => sendArticleRead(article, () => accessTokenForApi()))
        : undefined,
    [slug],
  );
  return <div ref={host} className="read-mark" />;
}

/**
 * The body of a members-only article, fetched from /api/articles for the signed-in member, and its
 * read mark. The title, preview and cover around it are the static page's.
 */
export function MemberArticle({ slug }: { slug: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    let current = true;
    setState({ status: 'loading' });
    callApi('articles').then(
      ({ articles }) => {
        const article = articles.find((candidate) => candidate.slug === slug);
        if (current) setState(article ? { status: 'ready', body: article.body } : { status: 'missing' });
      },
      (error: unknown) => {
        // 403 { redirect: true }: the API client is already taking a non-member to /payment.
        if (!current || (error instanceof ApiError && error.status === 403)) return;
        setState({ status: error instanceof ApiError && error.status === 401 ? 'signed-out' : 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [slug]);

  useEffect(load, [load]);

  switch (state.status) {
    case 'loading':
      return (
        <p className="member-article__status" role="status">
          Loading the article…
        </p>
      );
    case 'ready':
      return (
        <>
          {/* The body is HTML the build rendered from content/articles (where raw HTML is refused),
              served by our own API to a verified member. */}
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, build-rendered article HTML */}
          <div className="prose article-body" dangerouslySetInnerHTML={{ __html: state.body }} />
          <ReadMark slug={slug} />
        </>
      );
    case 'missing':
      return (
        <p className="member-article__status">
          This article is no longer available. <a href="/articles">See all articles</a>.
        </p>
      );
    case 'signed-out':
      return (
        <p className="member-article__status">
          Your session has ended. <a href={authLinks.signIn}>Sign in again</a> to read this article.
        </p>
      );
    case 'failed':
      return (
        <div className="member-article__status" role="alert">
          <p>We could not load this article. Check your connection and try again.</p>
          <button className="btn btn-ghost btn-sm" type="button" onClick={() => load()}>
            Try again
          </button>
        </div>
      );
  }
}
