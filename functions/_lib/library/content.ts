import type { z } from 'zod';
import type { CatalogContent } from '../catalog/content.ts';
import type { AudioTrack, Tag } from '../contract/index.ts';
import { audioContent, streamContent, videosContent } from './content-schema.ts';
import { cleanChapters, type Library } from './write.ts';

export { audioContent, streamContent, videosContent };

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
  if (stream.recordingsPlaylist && !playlists.has(stream.recordingsPlaylist))
    problems.push(
      `content/library/stream.json recordingsPlaylist: unknown playlist "${stream.recordingsPlaylist}"`,
    );
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
        ...(t.duration ? { duration: t.duration } : {}),
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
