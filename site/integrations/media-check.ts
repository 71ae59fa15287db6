import { closeSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { MEDIA_FOLDERS } from '../cms/collections.ts';
import { IMAGE_HEAD_BYTES, imageProblem } from '../lib/image-files.ts';

/**
 * Before `astro build` copies site/public/ into the site: the content editor's media folders hold
 * images only, each named for what it is (site/lib/image-files.ts). The editor's backend refuses
 * anything else on upload; this catches what arrives by a commit, so an .html, .js or .svg file, or a
 * page named .png, fails the build with every offending file named and is never published.
 */
export function mediaCheck(): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'otc-edge:media-check',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': ({ logger }) => {
        const files = checkMediaFolders(root);
        logger.info(`${files} media files checked: images only`);
      },
    },
  };
}

/** Checks every media folder under `root`; throws naming each offending file, or returns how many passed. */
export function checkMediaFolders(
  root: string,
  folders = MEDIA_FOLDERS.map((media) => media.folder),
): number {
  const problems: string[] = [];
  let checked = 0;
  for (const folder of folders) {
    for (const file of filesUnder(root, folder)) {
      const problem = fileProblem(path.join(root, file));
      if (problem) problems.push(`${file}: ${problem}`);
      else checked++;
    }
  }
  if (problems.length) {
    throw new Error(
      `The content editor's media folders hold images only (PNG, JPEG, GIF, WebP or AVIF; no SVG), ` +
        `and these files are not. Remove or replace them:\n${problems.map((p) => `- ${p}`).join('\n')}`,
    );
  }
  return checked;
}

/** Every entry under `folder` (relative to `root`, forward slashes), links and folders' contents included. */
function filesUnder(root: string, folder: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .map((entry) => `${folder}/${entry.split(path.sep).join('/')}`)
    .filter((file) => !lstatSync(path.join(root, file)).isDirectory())
    .sort();
}

function fileProblem(file: string): string | null {
  // A link is published as the file it points to, whatever that is: only real files are taken.
  if (!lstatSync(file).isFile()) return 'not a plain file (a link or device); put the image itself here';
  const head = Buffer.alloc(IMAGE_HEAD_BYTES);
  const fd = openSync(file, 'r');
  try {
    const read = readSync(fd, head, 0, head.length, 0);
    return imageProblem(file, head.subarray(0, read));
  } finally {
    closeSync(fd);
  }
}
