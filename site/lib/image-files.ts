/**
 * What the content editor's media folders hold: raster images only, each named for what it is. The
 * site publishes these folders as they are, so anything else there would be served from the site's
 * origin: an .html or .js file runs with the member app's storage, and an SVG is a document that can
 * carry script too, so SVG is refused like them. The name decides the type the host serves the file
 * as; the first bytes must be that format, so a page named .png is refused as well. Plain functions
 * on bytes: the editor's local backend and the build both check with them.
 */

interface ImageType {
  label: string;
  /** Whether the file's first bytes are this format's signature. */
  matches(head: Uint8Array): boolean;
}

const ascii = (head: Uint8Array, at: number, text: string) =>
  [...text].every((char, i) => head[at + i] === char.charCodeAt(0));

const PNG: ImageType = {
  label: 'PNG',
  matches: (head) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => head[i] === byte),
};
const JPEG: ImageType = {
  label: 'JPEG',
  matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
};
const GIF: ImageType = {
  label: 'GIF',
  matches: (head) => ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a'),
};
const WEBP: ImageType = {
  label: 'WebP',
  matches: (head) => ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP'),
};
const AVIF: ImageType = {
  label: 'AVIF',
  // An ISO media file whose ftyp box names AVIF as its major or one of its compatible brands.
  matches: (head) => {
    if (!ascii(head, 4, 'ftyp')) return false;
    const size = Math.min(
      ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0),
      head.length,
    );
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      if (ascii(head, at, 'avif') || ascii(head, at, 'avis')) return true;
    }
    return false;
  },
};

/** Every extension the media folders take (lower case), and the format its content must be. */
export const IMAGE_EXTENSIONS: Readonly<Record<string, ImageType>> = {
  png: PNG,
  jpg: JPEG,
  jpeg: JPEG,
  gif: GIF,
  webp: WEBP,
  avif: AVIF,
};

/** How many first bytes `imageProblem` needs to see. */
export const IMAGE_HEAD_BYTES = 64;

const TAKEN = Object.keys(IMAGE_EXTENSIONS)
  .map((ext) => `.${ext}`)
  .join(', ');

/**
 * Why a file named `name` whose content starts with `head` may not be in a media folder, or null
 * for an image of a type taken, named for what it is.
 */
export function imageProblem(name: string, head: Uint8Array): string | null {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  if (ext === 'svg' || ext === 'svgz')
    return `SVG is not taken: an SVG file can carry script that would run on the site. Upload a PNG, JPEG or WebP instead (${TAKEN})`;
  const type = IMAGE_EXTENSIONS[ext];
  if (!type)
    return `${ext ? `.${ext} files are` : 'a file without an extension is'} not taken: only images (${TAKEN})`;
  if (type.matches(head)) return null;
  const actual = Object.entries(IMAGE_EXTENSIONS).find(([, other]) => other.matches(head));
  if (actual) return `it is named .${ext} but is ${an(actual[1])} image: name it .${actual[0]}`;
  const markup = looksLikeMarkup(head) ? ' (it is text or markup)' : '';
  return `it is named .${ext} but its content is not ${an(type)} image${markup}`;
}

const an = (type: ImageType) => `${/^[AEIOU]/.test(type.label) ? 'an' : 'a'} ${type.label}`;

/** Text starting with `<` (HTML, SVG, XML), possibly after a byte-order mark or white space. */
function looksLikeMarkup(head: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).replace(/^\uFEFF/, '');
  return /^\s*</.test(text);
}
