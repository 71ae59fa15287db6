import { useEffect, useRef } from 'react';
import type { PlayerProps } from './types.ts';

/** The HTML5 adapter: a file the site serves (the offline sample clips). */
export default function FilePlayer({ uri, title, startAt, onTime, onPause, onPlay, onReady }: PlayerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const callbacks = useRef({ onTime, onPause, onPlay, onReady });
  callbacks.current = { onTime, onPause, onPlay, onReady };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const length = () => (Number.isFinite(element.duration) ? element.duration : 0);
    const onMetadata = () => {
      if (startAt > 0 && startAt < length()) element.currentTime = startAt;
      callbacks.current.onReady({
        seek: (seconds) => {
          element.currentTime = seconds;
          void element.play().catch(() => {});
        },
        chapters: async () => [],
      });
    };
    // A seek's own time updates are not playback: reported as such, the jump would look played.
    // The position counts again from the anchor sent once the seek has landed.
    let seeking = false;
    const time = () => {
      if (!seeking) callbacks.current.onTime(element.currentTime, length());
    };
    const pause = () => callbacks.current.onPause(element.currentTime, length());
    const startSeek = () => {
      seeking = true;
    };
    const anchor = () => {
      seeking = false;
      callbacks.current.onPlay?.(element.currentTime, length());
    };
    if (element.readyState >= 1) onMetadata();
    else element.addEventListener('loadedmetadata', onMetadata, { once: true });
    element.addEventListener('timeupdate', time);
    element.addEventListener('seeking', startSeek);
    element.addEventListener('seeked', anchor);
    element.addEventListener('play', anchor);
    element.addEventListener('pause', pause);
    return () => {
      element.removeEventListener('loadedmetadata', onMetadata);
      element.removeEventListener('timeupdate', time);
      element.removeEventListener('seeking', startSeek);
      element.removeEventListener('seeked', anchor);
      element.removeEventListener('play', anchor);
      element.removeEventListener('pause', pause);
    };
  }, [startAt]);

  return (
    // biome-ignore lint/a11y/useMediaCaption: the offline sample clips have no speech to caption
    <video
      ref={video}
      className="player__media"
      src={uri}
      controls
      preload="metadata"
      playsInline
      title={title}
    />
  );
}
