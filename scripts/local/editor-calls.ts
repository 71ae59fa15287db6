import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MEDIA_FOLDERS } from '../../site/cms/collections.ts';
import { imageProblem } from '../../site/lib/image-files.ts';

/** Where the editor's entries are: it writes data files here only. */
const ENTRY_FOLDERS = ['content'];
/** Where it uploads images (the media folders the site publishes as they are). */
const MEDIA_PATHS = MEDIA_FOLDERS.map((media) => media.folder);
/** What the content editor reads and writes, from the project root: content/ and the article images. */
export const EDITABLE_FOLDERS = [...ENTRY_FOLDERS, ...MEDIA_PATHS];

export type EditorCall = { action: string; params?: unknown };

/**
 * The calls the content editor's backend takes, each with every path it names inside the editable
 * folders: decap-server itself would read or write any file of the working tree (.data/ holds the
 * store's token and the sign-in provider's private key; astro.config.mjs runs at the next build).
 * Only what decap-server's "fs" mode does is allowed (its Joi schemas, middlewares/joi): the editorial
 * workflow's calls belong to its git mode. Unknown parameters are dropped, not forwarded.
 * Entries are written in content/ only and uploads in the media folders only, each an image of a type
 * the site takes (site/lib/image-files.ts): the site publishes the media folders as they are, so an
 * .html file there would run on the site's origin. A path out of bounds is a 403, an upload that is
 * no such image a 415.
 */
export async function checkEditorCall(
  root: string,
  body: unknown,
): Promise<{ call: EditorCall } | { refusal: string; status: 403 | 415 }> {
  const result = await callSchema(root).safeParseAsync(body);
  if (!result.success) {
    const where = (at: PropertyKey[]) => (at.length ? `${at.join('.')}: ` : '');
    const refusal = result.error.issues.map((i) => `${where(i.path)}${i.message}`).join('; ');
    return { refusal, status: 403 };
  }
  const refused = uploadsOf(result.data).flatMap((asset) => {
    // The bytes decap-server would write (it decodes with Buffer.from too).
    const problem = imageProblem(asset.path, Buffer.from(asset.content, 'base64'));
    // Named as the editor's media library shows it: the file name, in the one media folder.
    return problem ? [`${path.posix.basename(asset.path)} was not uploaded: ${problem}`] : [];
  });
  if (refused.length) return { refusal: refused.join('; '), status: 415 };
  return { call: result.data };
}

type Asset = { path: string; content: string };

/** The files a call uploads: a media upload's one, an entry's attached images. */
function uploadsOf(call: EditorCall): Asset[] {
  const params = call.params as { asset?: Asset; assets?: Asset[] } | undefined;
  if (call.action === 'persistMedia' && params?.asset) return [params.asset];
  if (call.action === 'persistEntry') return params?.assets ?? [];
  return [];
}

function callSchema(root: string) {
  const inside = (folders: string[]) =>
    z.string().refine((value) => isInside(root, folders, value), {
      message: `must be a relative path inside ${folders.join('/ or ')}/`,
    });
  const editable = inside(EDITABLE_FOLDERS);
  const params = <T extends z.ZodRawShape>(shape: T) => z.object({ branch: z.string(), ...shape });
  const asset = z.object({ path: inside(MEDIA_PATHS), content: z.string(), encoding: z.literal('base64') });
  const dataFile = z.object({
    slug: z.string(),
    path: inside(ENTRY_FOLDERS),
    raw: z.string(),
    // decap-server moves a renamed entry's whole folder, unawaited. Entries here keep their file name
    // (site/cms/validate.ts refuses a new title on a saved article), so nothing is ever renamed.
    newPath: z.never({ error: 'entries are not renamed here' }).optional(),
  });
  const options = z.record(z.string(), z.unknown());
  const call = <A extends string, P extends z.ZodType>(action: A, shape: P) =>
    z.object({ action: z.literal(action), params: shape });
  return z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('info') }),
      call('entriesByFolder', params({ folder: editable, extension: z.string(), depth: z.number() })),
      call(
        'entriesByFiles',
        params({ files: z.array(z.object({ path: editable, label: z.string().optional() })) }),
      ),
      call('getEntry', params({ path: editable })),
      call(
        'persistEntry',
        params({
          dataFiles: z.array(dataFile).min(1),
          assets: z.array(asset),
          options,
          cmsLabelPrefix: z.string().optional(),
        }),
      ),
      call('getMedia', params({ mediaFolder: editable })),
      call('getMediaFile', params({ path: editable })),
      call('persistMedia', params({ asset, options })),
      call('deleteFile', params({ path: editable, options })),
      call('deleteFiles', params({ paths: z.array(editable).min(1), options })),
      call('getDeployPreview', params({ collection: z.string(), slug: z.string() })),
    ],
    { error: 'not a call the content editor’s backend takes' },
  );
}

/**
 * A path relative to the project root, without `..`, inside one of `folders`, and still inside it
 * once symbolic links are followed (for a file not written yet, its nearest existing folder's).
 */
async function isInside(root: string, folders: string[], value: string): Promise<boolean> {
  if (/[\\\0]/.test(value) || path.posix.isAbsolute(value) || /^[a-z]:/i.test(value)) return false;
  if (value.split('/').includes('..')) return false;
  const clean = path.posix.normalize(value).replace(/\/$/, '');
  const folder = folders.find((f) => clean === f || clean.startsWith(`${f}/`));
  if (!folder) return false;
  try {
    const [base, real] = await Promise.all([
      realpath(path.join(root, folder)),
      realTarget(path.join(root, clean)),
    ]);
    return real === base || real.startsWith(`${base}${path.sep}`);
  } catch {
    return false;
  }
}

async function realTarget(file: string): Promise<string> {
  try {
    return await realpath(file);
  } catch (error) {
    const parent = path.dirname(file);
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || parent === file) throw error;
    // A link to nothing is refused: writing through it would create its target, wherever that is.
    if (await lstat(file).catch(() => null)) throw error;
    return path.join(await realTarget(parent), path.basename(file));
  }
}
