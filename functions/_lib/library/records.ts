import type { Chapter, Tag, Video } from '../contract/index.ts';

/** A video as the store keeps it: the card, the player id, and its playlists (for visitor filtering). */
export interface StoredVideo {
  id: string;
  title: string;
  thumbnail: string;
  /** Publication time, ms since the epoch; unique in the library (the paging cursor). */
  timestamp: number;
  /** Seconds. */
  duration: number;
  /** Player id (members only): a video host id such as Vimeo's "/videos/123", or a local sample file. */
  uri: string;
  tags: Tag[];
  playlists: string[];
}

export interface StoredDetail {
  description: string;
  chapters: Chapter[];
}

/** The id as links carry it: a 'vid_' prefix is accepted and dropped. */
export function shortId(nodeId: string): string {
  return nodeId.startsWith('vid_') ? nodeId.slice(4) : nodeId;
}

/** The API's Video (docs/product.md §3). The player id only for members: visitors never see it. */
export function toVideo(stored: StoredVideo, member: boolean): Video {
  return {
    id: stored.id,
    vid_id: `vid_${stored.id}`,
    title: stored.title,
    thumbnail: stored.thumbnail,
    timestamp: stored.timestamp,
    duration: stored.duration,
    ...(member ? { uri: stored.uri } : {}),
    tags: stored.tags,
  };
}

/** Title folding for search: lower case, accents removed, runs of spaces collapsed. */
export function foldTitle(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
