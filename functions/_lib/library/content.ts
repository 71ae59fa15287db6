import { z } from 'zod';
import type { CatalogContent } from '../catalog/content.ts';
import type { AudioTrack, Tag } from '../contract/index.ts';
import { cleanChapters, type Library } from './write.ts';

/**
 * Shapes of content/library/*.json, the library `npm start` and `npm run content:sync` load when no
 * video host is configured. An editor's typo fails the sync with the file and field named.
 */
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
    }),
  ),
});

export const streamContent = z.strictObject({ title: text, embed: mediaUrl });

export interface LibraryFiles {
  videos: unknown;
  audio: unknown;
  stream: unknown;
}

/** Checks the files and resolves tag names and playlists against the catalog. Throws naming the problem. */
export function libraryFromContent(files: LibraryFiles, catalog: CatalogContent): Library {
  const videos = parse('content/library/videos.json', videosContent, files.videos).videos;
  const audio = parse('content/library/audio.json', audioContent, files.audio).tracks;
  const stream = parse('content/library/stream.json', streamContent, files.stream);
  const tagNames = new Map(catalog.tags.map((t) => [t.canonical, t.tag]));
  const playlists = new Set(catalog.playlists.map((p) => p.id));
  const problems: string[] = [];
  const seen = new Set<string>();
  const library: Library = {
    videos: videos.map((video, i) => {
      const where = `content/library/videos.json videos.${i} (${video.id})`;
      if (seen.has(video.id)) problems.push(`${where}: the id is used twice`);
      seen.add(video.id);
      const tags: Tag[] = video.tags.flatMap((canonical) => {
        const tag = tagNames.get(canonical);
        if (!tag) problems.push(`${where}: unknown tag "${canonical}" (add it to content/seed/catalog.json)`);
        return tag ? [{ canonical, tag }] : [];
      });
      for (const p of video.playlists) {
        if (!playlists.has(p)) problems.push(`${where}: unknown playlist "${p}"`);
      }
      return {
        id: video.id,
        title: video.title,
        thumbnail: video.thumbnail,
        timestamp: Date.parse(video.published),
        duration: video.duration,
        uri: video.uri,
        tags,
        playlists: video.playlists,
        description: video.description,
        chapters: cleanChapters(video.chapters, video.duration),
      };
    }),
    audio: audio.map(
      (t): AudioTrack => ({
        track_id: t.track_id,
        title: t.title,
        timestamp: Date.parse(t.published),
        uri: t.uri,
      }),
    ),
    stream,
  };
  if (problems.length > 0) throw new Error(problems.slice(0, 10).join('\n'));
  return library;
}

function parse<S extends z.ZodType>(file: string, schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.slice(0, 10).map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`${file} is invalid: ${problems.join('; ')}`);
}
