import type { Chapter } from '../../../functions/_lib/contract/index.ts';

/**
 * The player port: what the video page needs from any player, whichever host serves the video.
 * Adapters: the video host's embed with its official SDK (Vimeo, VimeoPlayer.tsx) and an HTML5
 * player for files the site serves (the offline sample clips, FilePlayer.tsx).
 */
export interface PlayerHandle {
  /** Moves playback to `seconds` and plays. */
  seek(seconds: number): void;
  /** The host's own chapters, when it has them (Vimeo); [] otherwise. */
  chapters(): Promise<Chapter[]>;
}

export interface PlayerProps {
  /** The video's player id (docs/product.md §3 `uri`). */
  uri: string;
  title: string;
  /** Where to start, in seconds (resume watching). */
  startAt: number;
  /** While playing (a few times a second): position and length in seconds. */
  onTime(position: number, duration: number): void;
  onPause(position: number, duration: number): void;
  /**
   * Playback (re)starts at `position`: on play and once a seek has landed. What lies before it was
   * not played, so the server credits nothing up to it (the watched judgement, docs/courses.md).
   */
  onPlay?(position: number, duration: number): void;
  /** The player is ready for `seek` and `chapters`. */
  onReady(handle: PlayerHandle): void;
}

export type PlayerKind = 'vimeo' | 'file';

/** Vimeo's video URIs are "/videos/{id}"; site files (the local samples) any other path. */
export function playerKind(uri: string): PlayerKind {
  return /^\/videos\/\d+(:\w+)?$/.test(uri) ? 'vimeo' : 'file';
}
