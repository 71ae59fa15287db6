import Vimeo from '@vimeo/player';
import { useEffect, useRef } from 'react';
import type { PlayerProps } from './types.ts';

/**
 * The video host's adapter: Vimeo's embed driven by its official SDK (@vimeo/player, in this lazy
 * chunk only). Seeking, time updates and the host's chapters all go through the SDK.
 */
export default function VimeoPlayer({ uri, title, startAt, onTime, onPause, onPlay, onReady }: PlayerProps) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ onTime, onPause, onPlay, onReady });
  callbacks.current = { onTime, onPause, onPlay, onReady };
  const id = Number(uri.replace(/^\/videos\//, '').split(':')[0]);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const player = new Vimeo(element, {
      id,
      title: false,
      byline: false,
      portrait: false,
      dnt: true,
      responsive: true,
    });
    let stopped = false;
    // A seek's own time updates are not playback (see FilePlayer): the anchor once it lands is.
    let seeking = false;
    player.on('timeupdate', ({ seconds, duration }) => {
      if (!seeking) callbacks.current.onTime(seconds, duration);
    });
    player.on('seeking', () => {
      seeking = true;
    });
    const anchor = ({ seconds, duration }: { seconds: number; duration: number }) => {
      seeking = false;
      callbacks.current.onPlay?.(seconds, duration);
    };
    player.on('seeked', anchor);
    player.on('play', anchor);
    player.on('pause', ({ seconds, duration }) => callbacks.current.onPause(seconds, duration));
    void player.ready().then(async () => {
      if (stopped) return;
      if (startAt > 0) await player.setCurrentTime(startAt).catch(() => {});
      callbacks.current.onReady({
        seek: (seconds) => {
          void player
            .setCurrentTime(seconds)
            .then(() => player.play())
            .catch(() => {});
        },
        chapters: async () =>
          (await player.getChapters().catch(() => [])).map((c) => ({
            title: c.title,
            startTime: c.startTime,
          })),
      });
    });
    return () => {
      stopped = true;
      void player.destroy().catch(() => {});
    };
  }, [id, startAt]);

  return <div ref={host} className="player__media player__media--embed" title={title} />;
}
