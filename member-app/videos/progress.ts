import { mutationOptions } from '@tanstack/react-query';
import { isFinished } from '../../functions/_lib/library/finished.ts';
import { callApi } from '../api/client.ts';
import { continueWatchingQuery } from './library-data.ts';

/**
 * Resume watching, in the browser: the latest known position per video (seconds), so coming back
 * to a video in the same visit resumes where the member left it even before the server is asked.
 */
const positions = new Map<string, number>();

/** Where to start: this visit's latest position, else the server's, else the beginning. */
export function resumePosition(id: string, fromServer: number | undefined): number {
  return positions.get(id) ?? fromServer ?? 0;
}

/** Remembers a position for this visit at once (a finished video starts over next time). */
export function rememberPosition(id: string, position: number, duration: number): void {
  positions.set(id, isFinished(position, duration) ? 0 : position);
}

export interface Progress {
  id: string;
  position: number;
  duration: number;
}

/**
 * Saves a position on the server (docs/product.md §7 videos/progress). 'Continue watching' then holds this
 * video (or no longer does, once finished), so it is invalidated: read again when next shown.
 * Not retried: a failure is only logged (docs/product.md §8), and the next save sends the newer position.
 */
export const saveProgressMutation = mutationOptions({
  mutationKey: ['videos', 'progress'],
  mutationFn: ({ id, position, duration }: Progress) =>
    callApi('videos/progress', { nodeId: id, position, ...(duration > 0 ? { duration } : {}) }),
  onSuccess: (_answer, _progress, _context, { client }) =>
    client.invalidateQueries({ queryKey: continueWatchingQuery.queryKey }),
  onError: (error) => console.warn('Could not save the playback position', error),
});
