import type SanitizeHtml from 'sanitize-html';

/** Our video ids, as the library uses them (contract: `videos/metadata` nodeId). */
const VIDEO_ID = /^[\w-]{1,64}$/;
/** What a cashtag chip may hold: the editor's rule (4–8 after `$`) and the saved rule (3–7), widened. */
const ABSOLUTE_HTTP = /^https?:\/\/[^\s]/i;
const CASHTAG_VALUE = /^[A-Z.^-]{1,8}$/;

/**
 * The allow-list for a note's HTML (docs/security.md): exactly the elements the journal's editor writes,
 * nothing that runs, styles or frames. Everything else is dropped (its text kept), so pasted pages
 * keep their words but none of their behaviour.
 * - Links: http, https and mailto, or a path on this site; images: absolute http and https only
 *   (no data:, no javascript:, in any spelling the parser undoes).
 * - A cashtag is `<span data-cashtag="ABC">$ABC</span>`; a video is `<div data-video="{id}"
 *   data-title="…"></div>`, a reference the app renders with its own player (no iframe is stored).
 * - `b`/`i` become `strong`/`em`, and a `div` that is not a video becomes a paragraph, so pasted
 *   markup lands in the editor's own vocabulary.
 */
const OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'ul',
    'ol',
    'li',
    'pre',
    'strong',
    'em',
    'u',
    'code',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href'],
    img: ['src', 'alt'],
    span: ['data-cashtag'],
    div: ['data-video', 'data-title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their text is code or markup, not the member's words: dropped with the element.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'noscript',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
  ],
  // An image is an absolute http(s) address or nothing (no data:, no guessing at relative ones).
  exclusiveFilter: (frame) => frame.tag === 'img' && !ABSOLUTE_HTTP.test(frame.attribs.src ?? ''),
  transformTags: {
    b: 'strong',
    i: 'em',
    span: (tagName, attribs) => ({
      tagName,
      attribs: CASHTAG_VALUE.test(attribs['data-cashtag'] ?? '')
        ? { 'data-cashtag': attribs['data-cashtag'] as string }
        : {},
    }),
    div: (_tagName, attribs) =>
      VIDEO_ID.test(attribs['data-video'] ?? '')
        ? {
            tagName: 'div',
            attribs: {
              'data-video': attribs['data-video'] as string,
              ...(attribs['data-title']
                ? { 'data-title': (attribs['data-title'] as string).slice(0, 200) }
                : {}),
            },
          }
        : { tagName: 'p', attribs: {} },
  },
};

let sanitizeHtml: typeof SanitizeHtml | undefined;

/**
 * sanitize-html (with its CSS parser) takes about 60 ms to load: loaded on the first save of a
 * function instance rather than at its cold start, which every journal call would pay otherwise.
 */
export async function loadSanitizer(): Promise<void> {
  sanitizeHtml ??= (await import('sanitize-html')).default;
}

/** A note's body as it may be stored and shown: the editor's markup only (see OPTIONS). */
export function sanitizeNoteBody(html: string): string {
  if (!sanitizeHtml) throw new Error('Call loadSanitizer() before sanitizeNoteBody()');
  return sanitizeHtml(html, OPTIONS);
}
