import { hashKey, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { Playlist, Tag } from '../../functions/_lib/contract/index.ts';
import { authLinks } from '../../site/lib/nav.ts';
import { useSignedIn } from '../auth/useSession.ts';
import { useRestAfterFirstPaint } from '../components/useRestAfterFirstPaint.ts';
import { type ListSpec, videoListQuery } from './library-data.ts';
import { loadMore } from './load-more.ts';
import { VideoGrid } from './VideoCard.tsx';
import './videos.css';

/** Cards in the first paint of the visit's first page: a row on a wide screen, the screen on a phone. */
const FIRST_SCREEN_CARDS = 4;

export interface VideoLibraryProps {
  heading: string;
  playlists: Playlist[];
  tags: Tag[];
  spec: ListSpec;
  /** docs/product.md §2: 12 on /videos, 20 on the essentials pages. */
  pageSize: number;
}

/**
 * docs/product.md §2 Videos: playlist header, title search, tag filter with a count of selected tags, a grid
 * with 'View More', and a call to action for visitors.
 */
export function VideoLibrary({ heading, playlists, tags, spec, pageSize }: VideoLibraryProps) {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listQuery = videoListQuery(spec);
  const filterKey = hashKey(listQuery.queryKey);
  // In the cache since the route's loader ran; 'View More' appends to it.
  const { data: list } = useSuspenseQuery(listQuery);
  const [loading, setLoading] = useState(false);
  // A new filter starts again at one page, and the box shows the search in the address bar.
  const [page, setPage] = useState({ filter: filterKey, count: pageSize });
  const shown = page.filter === filterKey ? page.count : pageSize;
  const setShown = (count: number) => setPage({ filter: filterKey, count });
  const [draft, setDraft] = useState({ search: spec.search, text: spec.search });
  const text = draft.search === spec.search ? draft.text : spec.search;
  const setText = (value: string) => setDraft({ search: spec.search, text: value });
  // Checkboxes follow a click at once; the address bar (and the list) follow when the answer is in.
  const committed = spec.tags.join(',');
  const [tagDraft, setTagDraft] = useState({ committed, tags: spec.tags });
  const selected = tagDraft.committed === committed ? tagDraft.tags : spec.tags;
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  // The first row first, the rest of the page (and 'View More' below it) once idle.
  const rest = useRestAfterFirstPaint();

  const update = (next: { search?: string; tags?: string[] }) => {
    const search = (next.search ?? spec.search).trim();
    const tags = next.tags ?? selected;
    void navigate({
      to: '.',
      search: { ...(search ? { search } : {}), ...(tags.length ? { tags: tags.join(',') } : {}) },
      replace: true,
    });
  };
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: text });
  };
  const toggle = (canonical: string, on: boolean) => {
    const tags = on ? [...selected, canonical] : selected.filter((t) => t !== canonical);
    setTagDraft({ committed, tags });
    update({ tags });
  };

  const hasMore = shown < list.videos.length || !list.complete;
  const viewMore = async () => {
    const next = shown + pageSize;
    if (next > list.videos.length && !list.complete) {
      setLoading(true);
      // Failures are logged only (docs/product.md §8); the button stays for another try.
      await loadMore(queryClient, spec).catch((error: unknown) =>
        console.warn('Could not load more videos', error),
      );
      setLoading(false);
    }
    setShown(next);
  };
  const filtered = spec.search !== '' || spec.tags.length > 0;

  return (
    <section className="member-page library" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      <nav aria-label="Playlists" className="playlist-header">
        <Link to="/videos" activeOptions={{ exact: true, includeSearch: false }}>
          Latest Videos
        </Link>
        {playlists.map((playlist) => (
          <Link
            key={playlist.id}
            to="/videos/$category/$filter"
            params={{ category: 'playlists', filter: playlist.id }}
            activeOptions={{ includeSearch: false }}
          >
            {playlist.title}
          </Link>
        ))}
      </nav>

      <div className="library__filters">
        <search>
          <form className="library__search" onSubmit={onSearch}>
            <label htmlFor="video-search" className="visually-hidden">
              Search videos by title
            </label>
            <input
              id="video-search"
              type="search"
              placeholder="Search videos"
              value={text}
              maxLength={200}
              onChange={(event) => {
                setText(event.target.value);
                // docs/product.md §5: an empty search clears the filter at once.
                if (event.target.value.trim() === '' && spec.search !== '') update({ search: '' });
              }}
            />
            <button type="submit" className="btn btn-ghost">
              Search
            </button>
          </form>
        </search>

        <details className="tag-menu" open>
          <summary>
            Tags{' '}
            <output className="tag-menu__count" aria-label="Selected tags" data-testid="tag-count">
              {selected.length}
            </output>
          </summary>
          <fieldset>
            <legend className="visually-hidden">Filter by tag</legend>
            <ul data-testid="tag-list">
              {tags.map((tag) => (
                <li key={tag.canonical}>
                  <label>
                    <input
                      type="checkbox"
                      name="tags"
                      value={tag.canonical}
                      checked={selected.includes(tag.canonical)}
                      onChange={(event) => toggle(tag.canonical, event.target.checked)}
                    />{' '}
                    {tag.tag}
                  </label>
                </li>
              ))}
            </ul>
            {selected.length > 0 && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  setTagDraft({ committed, tags: [] });
                  update({ tags: [] });
                }}
              >
                Clear tags
              </button>
            )}
          </fieldset>
        </details>
      </div>

      {!signedIn && (
        <aside className="library__cta card" aria-label="Membership">
          <div>
            <h2>Watch every lesson</h2>
            <p className="muted">
              Visitors see the newest lessons and their chapters. Members watch the whole library, newest
              first.
            </p>
          </div>
          <a className="btn btn-primary" href={authLinks.signUp} rel="nofollow">
            Join Now
          </a>
        </aside>
      )}

      {list.videos.length === 0 ? (
        <p className="muted library__empty" role="status">
          {filtered ? 'No videos match this search.' : 'No videos here yet.'}
        </p>
      ) : (
        <div aria-busy={pending} className={pending ? 'library__grid is-pending' : 'library__grid'}>
          <VideoGrid videos={list.videos.slice(0, rest ? shown : FIRST_SCREEN_CARDS)} label="Videos" />
        </div>
      )}
      {rest && hasMore && list.videos.length > 0 && (
        <p className="library__more">
          <button type="button" className="btn btn-ghost" onClick={viewMore} disabled={loading}>
            {loading ? 'Loading…' : 'View More'}
          </button>
        </p>
      )}
    </section>
  );
}
