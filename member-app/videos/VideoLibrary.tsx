import { Link } from '@tanstack/react-router';
import type { Playlist, Tag } from '../../functions/_lib/contract.ts';

export interface VideoLibraryProps {
  heading: string;
  playlists: Playlist[];
  tags: Tag[];
}

/** The Video Library frame: playlist header and tag filter menu (the video grid arrives with the library). */
export function VideoLibrary({ heading, playlists, tags }: VideoLibraryProps) {
  return (
    <section className="member-page" aria-labelledby="page-title">
      <h1 id="page-title">{heading}</h1>
      <nav aria-label="Playlists" className="playlist-header">
        <Link to="/videos">Latest Videos</Link>
        {playlists.map((playlist) => (
          <Link
            key={playlist.id}
            to="/videos/$category/$filter"
            params={{ category: 'playlists', filter: playlist.id }}
          >
            {playlist.title}
          </Link>
        ))}
      </nav>
      <fieldset className="tag-menu">
        <legend>Tags</legend>
        <ul data-testid="tag-list">
          {tags.map((tag) => (
            <li key={tag.canonical}>
              <label>
                <input type="checkbox" name="tags" value={tag.canonical} /> {tag.tag}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
