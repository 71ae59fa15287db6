/**
 * The lengths of the site's own sample clips (site/public/samples/clips), which stand in locally for
 * library videos hosted elsewhere in production. The server judges how much of a video was watched
 * on a length it knows, never on one the player reports (a forged 1-second length would complete a
 * lesson in a second): a hosted video's is the library's, a sample clip's is its file's, written
 * here (tests/unit/sample-clips.test.ts reads each file's own header to keep them true).
 */
export const SAMPLE_CLIP_SECONDS: Readonly<Record<string, number>> = {
  '/samples/clips/lesson-a.webm': 24,
  '/samples/clips/lesson-b.webm': 24,
};
