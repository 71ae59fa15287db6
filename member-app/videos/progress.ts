import { mutationOptions } from '@tanstack/react-query';
import { isFinished } from '../../functions/_lib/library/finished.ts';
import { callApi } from '../api/client.ts';
import { continueWatchingQuery } from './library-data.ts';
import { watchedQuery } from './watched.ts';

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
  /** Playback (re)started here (play, seek): the server credits nothing before it. */
  anchor?: boolean;
}

/**
 * Saves a position on the server (docs/product.md §7 videos/progress). 'Continue watching' then holds this
 * video (or no longer does, once finished), so it is invalidated: read again when next shown. The
 * watched videos may have grown: marked stale without asking at once (one call when a page next
 * shows checks), except at the end of a video, when the video page's own check is asked for again.
 * Saves go out one after another (one scope): the server judges each stretch from the report
 * before it, so an anchor must never overtake the position sent before it, nor the other way round.
 * Not retried: a failure is only logged (docs/product.md §8), and the next save sends the newer position.
 */
export const saveProgressMutation = mutationOptions({
  mutationKey: ['videos', 'progress'],
  scope: { id: 'videos/progress' },
  mutationFn: ({ id, position, duration, anchor }: Progress) =>
    callApi('videos/progress', {
      nodeId: id,
      position,
      ...(duration > 0 ? { duration } : {}),
      ...(anchor ? { anchor: true } : {}),
    }),
  onSuccess: (_answer, { id, position, duration, anchor }, _context, { client }) => {
    void client.invalidateQueries({ queryKey: continueWatchingQuery.queryKey });
    // An anchor credits nothing; a video already checked stays checked.
    if (anchor || client.getQueryData<ReadonlySet<string>>(watchedQuery.queryKey)?.has(id)) return;
    const ended = duration > 0 && isFinished(position, duration);
    void client.invalidateQueries({
      queryKey: watchedQuery.queryKey,
      refetchType: ended ? 'active' : 'none',
    });
  },
  onError: (error) => console.warn('Could not save the playback position', error),
});
