import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MEDIA_FOLDERS } from '../../site/cms/collections.ts';
import { cmsConfig } from '../../site/cms/config.ts';
import { checkMediaFolders } from '../../site/integrations/media-check.ts';
import { GIF, HTML, JPEG, PNG, SCRIPT, SVG, WEBP } from '../support/image-files.ts';

/**
 * The build's check of the content editor's media folders (site/integrations/media-check.ts): what a
 * commit puts there is published as it is, so anything but an image named for its type fails the build.
 */
const project = fileURLToPath(new URL('../..', import.meta.url));
const folder = 'site/public/images/articles';
let root: string;

function projectWith(files: Record<string, Buffer>): string {
  root = mkdtempSync(path.join(tmpdir(), 'otc-media-'));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, folder, name)), { recursive: true });
    writeFileSync(path.join(root, folder, name), bytes);
  }
  return root;
}

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('checkMediaFolders', () => {
  it('passes images of every type taken, and the project’s own folder', () => {
    const dir = projectWith({ 'a.png': PNG, 'b.jpg': JPEG, 'c.gif': GIF, 'd.webp': WEBP, 'sub/e.png': PNG });
    expect(checkMediaFolders(dir, [folder])).toBe(5);
    expect(checkMediaFolders(project)).toBeGreaterThan(0);
  });

  it('passes a project without the folder', () => {
    root = mkdtempSync(path.join(tmpdir(), 'otc-media-'));
    expect(checkMediaFolders(root, [folder])).toBe(0);
  });

  it('fails naming every offending file and why, and only those', () => {
    const dir = projectWith({
      'cover.webp': WEBP,
      'evil.html': HTML,
      'app.js': SCRIPT,
      'logo.svg': SVG,
      'page.png': HTML,
      'photo.png': JPEG,
      'nested/deep/x.htm': HTML,
    });
    symlinkSync('/etc/hostname', path.join(dir, folder, 'linked.png'));
    let message = '';
    try {
      checkMediaFolders(dir, [folder]);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The content editor's media folders hold images only/);
    const lines = message.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual([
      `- ${folder}/app.js: .js files are not taken: only images (.png, .jpg, .jpeg, .gif, .webp, .avif)`,
      `- ${folder}/evil.html: .html files are not taken: only images (.png, .jpg, .jpeg, .gif, .webp, .avif)`,
      `- ${folder}/linked.png: not a plain file (a link or device); put the image itself here`,
      expect.stringMatching(new RegExp(`^- ${folder}/logo\\.svg: SVG is not taken`)),
      `- ${folder}/nested/deep/x.htm: .htm files are not taken: only images (.png, .jpg, .jpeg, .gif, .webp, .avif)`,
      `- ${folder}/page.png: it is named .png but its content is not a PNG image (it is text or markup)`,
      `- ${folder}/photo.png: it is named .png but is a JPEG image: name it .jpg`,
    ]);
  });
});

describe('the folders checked', () => {
  it('are every folder the editor uploads into: no collection or field has a media folder of its own', () => {
    const found: string[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'media_folder' && typeof inner === 'string') found.push(inner);
          walk(inner);
        }
    };
    walk(cmsConfig({ siteUrl: 'https://example.com', backend: { name: 'git-gateway', branch: 'main' } }));
    expect(found).toEqual(MEDIA_FOLDERS.map((media) => media.folder));
  });
});
