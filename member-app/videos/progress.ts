import { isFinished } from '../../functions/_lib/library/finished.ts';
import { callApi } from '../api/client.ts';
import { continueWatchingChanged } from './library-data.ts';

/**
 * Resume watching, in the browser: the latest known position per video (seconds), so coming back
 * to a video in the same visit resumes where the member left it even before the server is asked.
 */
const positions = new Map<string, number>();

/** Where to start: this visit's latest position, else the server's, else the beginning. */
export function resumePosition(id: string, fromServer: number | undefined): number {
  return positions.get(id) ?? fromServer ?? 0;
}

/** Saves a position: remembered at once, sent to the server (failures are only logged, SPEC §8). */
export async function savePosition(id: string, position: number, duration: number): Promise<void> {
  positions.set(id, isFinished(position, duration) ? 0 : position);
  try {
    await callApi('videos/progress', { nodeId: id, position, ...(duration > 0 ? { duration } : {}) });
    continueWatchingChanged();
  } catch (error) {
    console.warn('Could not save the playback position', error);
  }
}
