/**
 * Where the library lives in Redis (docs/library.md). Shared content is written only by the content sync
 * (scripts/sync.ts); per-member keys are namespaced by the token's subject, so a member can never
 * reach another member's data whatever ids they send.
 */
export const libraryKeys = {
  /** ZSET score = timestamp (ms, unique) → video id: every video, the order of 'latest'. */
  latest: 'videos:latest',
  /** ZSET per playlist (essentials, dd, frontload_friday…), same scores. */
  playlist: (id: string) => `videos:playlist:${id}`,
  /** ZSET per tag canonical name, same scores. */
  tag: (canonical: string) => `videos:tag:${canonical}`,
  /** HASH id → title folded for search (lower case, accents removed). */
  titles: 'videos:titles',
  /** STRING JSON StoredVideo: what a card needs, and the player id. */
  video: (id: string) => `video:${id}`,
  /** STRING JSON StoredDetail: the description and chapters, read by the video page only. */
  detail: (id: string) => `video:${id}:detail`,
  /** ZSET score = timestamp → JSON AudioTrack. */
  audio: 'audio:latest',
  /** STRING JSON { title, embed }: the live event. */
  stream: 'media:stream',
  /** SET of the playlist and tag index keys the last sync wrote, so the next one can remove stale ones. */
  indexes: 'videos:indexes',
} as const;

export const memberKeys = {
  /** HASH video id → JSON { position, updated }: where the member stopped, in seconds. */
  progress: (sub: string) => `u:${sub}:progress`,
  /** ZSET score = last watched (ms) → video id: the member's 'Continue watching' order. */
  watching: (sub: string) => `u:${sub}:watching`,
} as const;
