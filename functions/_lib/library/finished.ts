/**
 * Watched to the end: within the last 5 % (at most the last 30 s, the credits). Shared by the
 * server (which then forgets the position) and the member app (which then starts over); no imports.
 */
export function isFinished(position: number, length: number): boolean {
  return length > 0 && position >= length - Math.min(30, length * 0.05);
}
