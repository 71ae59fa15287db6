import { useRef, useState } from 'react';
import { clock } from '../videos/format.ts';

/**
 * An episode player in the app's own look: play/pause, a seek bar and "elapsed / length". The
 * length comes from the library (`duration`) so it shows before play without fetching the file;
 * without it, the browser reads the file's header for it (`preload="metadata"`).
 */
export function AudioPlayer({
  src,
  title,
  duration,
}: {
  src: string;
  title: string;
  duration?: number | undefined;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const [length, setLength] = useState(duration ?? 0);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => setPlaying(false));
    else element.pause();
  };

  return (
    <div className="audio-player">
      {/* biome-ignore lint/a11y/useMediaCaption: podcast episodes have no caption track */}
      <audio
        ref={audio}
        src={src}
        preload={duration ? 'none' : 'metadata'}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setElapsed(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const known = event.currentTarget.duration;
          if (Number.isFinite(known) && known > 0) setLength(known);
        }}
      />
      <button
        type="button"
        className="audio-player__toggle"
        aria-label={`${playing ? 'Pause' : 'Play'} ${title}`}
        onClick={toggle}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <input
        type="range"
        className="audio-player__seek"
        aria-label={`Position in ${title}`}
        min={0}
        max={Math.max(length, 1)}
        step={1}
        value={Math.min(elapsed, Math.max(length, 1))}
        onChange={(event) => {
          const element = audio.current;
          if (element) element.currentTime = Number(event.currentTarget.value);
          setElapsed(Number(event.currentTarget.value));
        }}
      />
      <span className="audio-player__time">
        {clock(elapsed)} / {length > 0 ? clock(length) : '–:––'}
      </span>
    </div>
  );
}
