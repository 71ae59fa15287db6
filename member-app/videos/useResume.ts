import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { rememberPosition, saveProgressMutation } from './progress.ts';

/** While playing, the position is saved at most this often (seconds of playback moved). */
export const SAVE_EVERY_SECONDS = 10;

/**
 * Resume watching: saves the member's position in a video, throttled: when playback has moved
 * SAVE_EVERY_SECONDS since the last save, on pause, when the page is hidden and when leaving it.
 * Where playback (re)starts (play, a seek landing) is sent at once as an anchor, moved or not: the
 * server then credits as watched only the stretches played from one report to the next
 * (docs/courses.md), never a jump.
 */
export function useResume(videoId: string) {
  const state = useRef({ position: 0, duration: 0, saved: 0 });
  // Still usable once the page has unmounted (the save on leaving it).
  const { mutate: send } = useMutation(saveProgressMutation);

  // A pause is always sent (force): after an anchor the position may not have moved yet, and the
  // member who pauses expects to come back exactly there.
  const save = useCallback(
    (force = false) => {
      const { position, duration, saved } = state.current;
      if (!force && Math.abs(position - saved) < 1) return;
      state.current.saved = position;
      rememberPosition(videoId, position, duration);
      send({ id: videoId, position, duration });
    },
    [videoId, send],
  );

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') save();
    };
    document.addEventListener('visibilitychange', onHide);
    const onLeave = () => save();
    window.addEventListener('pagehide', onLeave);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      save();
    };
  }, [save]);

  return {
    onAnchor(position: number, duration: number) {
      state.current = { position, duration, saved: position };
      rememberPosition(videoId, position, duration);
      send({ id: videoId, position, duration, anchor: true });
    },
    onTime(position: number, duration: number) {
      state.current.position = position;
      state.current.duration = duration;
      if (Math.abs(position - state.current.saved) >= SAVE_EVERY_SECONDS) save();
    },
    onPause(position: number, duration: number) {
      state.current.position = position;
      state.current.duration = duration;
      save(true);
    },
  };
}
