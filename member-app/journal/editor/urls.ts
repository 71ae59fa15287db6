/**
 * Which addresses a note may hold. Each check returns the address as it will be stored (normalised
 * by the URL parser) or null, and accepts only what the server's sanitizer keeps, so a stored link
 * or image never disappears on save.
 */
import { VIDEO_LINK } from '../../../functions/_lib/journal/rules.ts';

/** Only used to resolve site paths; never shown or stored. */
const SITE = 'https://site.invalid';

/** Links: http, https and mailto, or a path on this site (`/videos/…`); never `//host` or `/\host`. */
export function linkHref(input: string): string | null {
  const value = input.trim();
  if (value.startsWith('/')) {
    const url = parse(value, SITE);
    // `//evil.example` and `/\evil.example` leave the site: the parser gives them another host.
    return url && url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : null;
  }
  const url = parse(value);
  if (!url) return null;
  if (url.protocol === 'mailto:') return url.pathname === '' ? null : url.href;
  return isHttp(url) ? url.href : null;
}

/** Images: an absolute http(s) address (the sanitizer drops any other image). */
export function imageSrc(input: string): string | null {
  const url = parse(input.trim());
  return url && isHttp(url) ? url.href : null;
}

/** The image's file name as its alternative text (`chart.png`), or '' when the address has none. */
export function imageAlt(src: string): string {
  const name = parse(src)?.pathname.split('/').pop() ?? '';
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The video id in a pasted link to one of our videos (`…/videos/watch/{id}/{slug}`), or null. */
export function videoLinkId(text: string): string | null {
  const value = text.trim();
  if (/\s/.test(value) || linkHref(value) === null) return null;
  return VIDEO_LINK.exec(value)?.[1] ?? null;
}

/** A video id the sanitizer keeps: exactly what VIDEO_LINK reads from a watch address. */
export const isVideoId = (id: string): boolean => VIDEO_LINK.exec(`/videos/watch/${id}`)?.[1] === id;

function parse(value: string, base?: string): URL | null {
  try {
    return new URL(value, base);
  } catch {
    return null;
  }
}

const isHttp = (url: URL) => (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
