import { z } from 'zod';
import type { VimeoOptions } from './vimeo.ts';

/**
 * Where `npm run content:sync` takes the video library from. Read by the sync script only (the
 * functions never call the video host): with VIMEO_ACCESS_TOKEN set, Vimeo; otherwise content/library/.
 */
export type SyncSource = { kind: 'content' } | { kind: 'vimeo'; vimeo: VimeoOptions };

const schema = z.object({
  VIMEO_ACCESS_TOKEN: z.string().min(1).optional(),
  VIMEO_USER: z
    .string()
    .regex(/^(me|\d+|[\w-]+)$/, 'must be "me", a user id or a user name')
    .default('me'),
  VIMEO_API_URL: z.url({ error: 'must be the Vimeo API base URL' }).default('https://api.vimeo.com'),
});

export function syncSourceFromEnv(env: Record<string, string | undefined> = process.env): SyncSource {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (!e.VIMEO_ACCESS_TOKEN) return { kind: 'content' };
  return {
    kind: 'vimeo',
    vimeo: { token: e.VIMEO_ACCESS_TOKEN, baseUrl: e.VIMEO_API_URL, user: e.VIMEO_USER },
  };
}
