import { z } from 'zod';
import { Body, type ContractEntry, numeric } from './shared.ts';

export const Tag = z.object({ canonical: z.string(), tag: z.string() });
export type Tag = z.infer<typeof Tag>;

export const Playlist = z.object({ id: z.string(), title: z.string() });
export type Playlist = z.infer<typeof Playlist>;

/** docs/product.md §3 Chapter: where a section of a video starts, in seconds. */
export const Chapter = z.object({ title: z.string(), startTime: z.number() });
export type Chapter = z.infer<typeof Chapter>;

/**
 * docs/product.md §3 Video, as lists carry it. `id` is the short id used in links (/videos/watch/{id}/{slug});
 * `vid_id` is the same with the 'vid_' prefix. `timestamp` is the publication time in ms (unique in
 * the library, so it doubles as the paging cursor), `duration` in seconds. `uri` is the player id:
 * members only, never sent to visitors.
 */
export const Video = z.object({
  id: z.string(),
  vid_id: z.string(),
  title: z.string(),
  thumbnail: z.string(),
  timestamp: z.number(),
  duration: z.number(),
  uri: z.string().optional(),
  tags: z.array(Tag),
});
export type Video = z.infer<typeof Video>;

/** One video with what its page needs: the description, chapters, and the member's saved position. */
export const VideoDetail = Video.extend({
  description: z.string(),
  chapters: z.array(Chapter),
  /** Where the member stopped watching, in seconds (members only; absent when not started). */
  position: z.number().optional(),
});
export type VideoDetail = z.infer<typeof VideoDetail>;

/** A video the member has started and not finished, with the saved position (seconds). */
export const WatchingVideo = Video.extend({ position: z.number() });
export type WatchingVideo = z.infer<typeof WatchingVideo>;

/** docs/product.md §3 Audio track; `uri` is a podcast embed URL or a local sample file. */
export const AudioTrack = z.object({
  track_id: z.string(),
  title: z.string(),
  timestamp: z.number(),
  uri: z.string(),
  /** Length in seconds, when the library knows it. */
  duration: z.number().optional(),
});
export type AudioTrack = z.infer<typeof AudioTrack>;

/** Video lists by group: latest, and one per playlist (essentials, dd, frontload_friday…). */
export const VideoGroups = z.record(z.string(), z.array(Video));
export type VideoGroups = z.infer<typeof VideoGroups>;

const canonical = z.string().regex(/^[a-z0-9-]{1,60}$/, 'use a canonical tag name');
const videoId = z.string().regex(/^(vid_)?[\w-]{1,64}$/, 'use a video id');

/** The video library, its catalogue, resume watching, the podcast and the live stream. */
export const libraryApi = {
  playlists: {
    method: 'POST',
    request: Body,
    response: z.object({ playlists: z.array(Playlist) }),
  },
  tags: {
    method: 'POST',
    request: Body,
    response: z.object({ tags: z.array(Tag) }),
  },
  /**
   * docs/product.md §7: lists by group. Without `playlist`, `more`, `search` or `tags`: latest, essentials and dd;
   * with `playlist`: that playlist only; `search`/`tags` filter (a tagged fetch reads latest);
   * `more` continues after the video with that timestamp. Members get up to 100 per group,
   * visitors the 25 latest without player ids.
   */
  videos: {
    method: 'POST',
    request: Body.extend({
      maxResults: numeric.pipe(z.number().int().min(1)).optional(),
      more: numeric.nullable().optional(),
      playlist: z
        .string()
        .regex(/^[a-z0-9_]{1,40}$/, 'use a playlist id')
        .nullable()
        .optional(),
      search: z.string().max(200).nullable().optional(),
      tags: z.array(canonical).max(20).nullable().optional(),
      /** Beside the default lists, these playlists too (start-up asks for every list in one request). */
      alsoPlaylists: z
        .array(z.string().regex(/^[a-z0-9_]{1,40}$/, 'use a playlist id'))
        .max(5)
        .optional(),
    }),
    response: VideoGroups,
  },
  'videos/metadata': {
    method: 'POST',
    request: Body.extend({ nodeId: videoId }),
    response: VideoDetail,
  },
  /** Resume watching: the member's position in one video (seconds), sent every few seconds of play. */
  'videos/progress': {
    method: 'POST',
    request: Body.extend({
      nodeId: videoId,
      position: z.number().min(0).max(86_400),
      /**
       * The player's length, accepted and never read: progress is judged on the length the server
       * knows (the library's), so a forged one changes nothing.
       */
      duration: z.number().min(0).max(86_400).optional(),
      /** Playback (re)starts here (play, seek): nothing before it counts as watched. */
      anchor: z.boolean().optional(),
    }),
    response: z.object({ saved: z.literal(true) }),
  },
  /** Videos the member has watched (90 % of their length, judged on the server), for the library's checks. */
  'videos/watched': {
    method: 'POST',
    request: Body,
    response: z.object({ videos: z.array(z.string()) }),
  },
  /** Videos the member started and has not finished, most recently watched first. */
  'videos/continue': {
    method: 'POST',
    request: Body,
    response: z.object({ videos: z.array(WatchingVideo) }),
  },
  /** docs/product.md §2 /audio: the latest podcast episodes, newest first (members). */
  audio: {
    method: 'POST',
    request: Body,
    response: z.object({ audio: z.array(AudioTrack) }),
  },
  /** docs/product.md §2 /stream: the live event's embed (members). */
  stream: {
    method: 'POST',
    request: Body,
    response: z.object({
      stream: z.object({ title: z.string(), embed: z.string(), recordingsPlaylist: z.string().optional() }),
    }),
  },
} as const satisfies Record<string, ContractEntry>;
