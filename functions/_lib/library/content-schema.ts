/**
 * Shapes of content/library/*.json, the library `npm start` and `npm run content:sync` load when no
 * video host is configured. An editor's typo fails the sync with the file and field named. Zod only:
 * the content editor (/admin/) derives its library fields from these and checks saves against them.
 */
import { z } from 'zod';

const text = z.string().trim().min(1);
const published = z.iso.datetime({ offset: true, error: 'use an ISO date-time, e.g. 2024-05-01T20:00:00Z' });
/** A file of the site (e.g. /samples/clips/a.webm) or an https URL. */
const mediaUrl = z
  .string()
  .regex(/^(\/[\w\-./]+|https:\/\/\S+)$/, 'use a site path (/samples/…) or an https:// URL');

export const videosContent = z.strictObject({
  videos: z.array(
    z.strictObject({
      id: z.string().regex(/^[\w-]{1,64}$/, 'use letters, digits, - and _'),
      title: text.max(200),
      description: z.string().default(''),
      published,
      /** Seconds. */
      duration: z.number().int().positive(),
      thumbnail: mediaUrl,
      /** Player id: a local clip (/samples/…) or a Vimeo video ("/videos/123456"). */
      uri: z.string().regex(/^(\/videos\/\d+|\/[\w\-./]+)$/, 'use /videos/{vimeo id} or a site path'),
      tags: z.array(z.string()).default([]),
      playlists: z.array(z.string()).default([]),
      chapters: z.array(z.strictObject({ title: text, startTime: z.number().min(0) })).default([]),
    }),
  ),
});

export const audioContent = z.strictObject({
  tracks: z.array(
    z.strictObject({
      track_id: z.string().regex(/^[\w-]{1,64}$/, 'use letters, digits, - and _'),
      title: text,
      published,
      /** A podcast host's embed URL (https) or a local sample file. */
      uri: mediaUrl,
      /** Length in seconds (the feed's itunes:duration): the player shows it before play. */
      duration: z.int().positive().max(86_400).optional(),
    }),
  ),
});

export const streamContent = z.strictObject({
  title: text,
  embed: mediaUrl,
  /** The library playlist that holds past sessions' recordings: /stream lists its latest. */
  recordingsPlaylist: z
    .string()
    .regex(/^[a-z0-9_-]{1,40}$/, 'use a playlist id, e.g. frontload_friday')
    .optional(),
});
