/**
 * Text as the leak checks compare it (members-only articles, course notes and questions): lower-case
 * words only, so the same text matches however it is marked up, escaped or quoted.
 */
export const words = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[#\w]+;/g, ' ')
    .replace(/\\u[\da-f]{4}|\\[nrt]/gi, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Sentences of a body (HTML or Markdown), eight words or longer: any one of them found means a leak. */
export const fingerprints = (body: string) =>
  body
    .replace(/<[^>]*>|&[#\w]+;/g, ' ')
    .split(/[.!?:;]\s|\n/)
    .map(words)
    .filter((sentence) => sentence.split(' ').length >= 8);
