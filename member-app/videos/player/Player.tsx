import { lazy, Suspense } from 'react';
import { type PlayerProps, playerKind } from './types.ts';

// Each adapter is its own chunk: the Vimeo SDK never loads for local files, nor the other way round.
const adapters = {
  vimeo: lazy(() => import('./VimeoPlayer.tsx')),
  file: lazy(() => import('./FilePlayer.tsx')),
};

/** The player for a video, chosen by its player id (docs/product.md §3 `uri`). */
export function Player(props: PlayerProps) {
  const Adapter = adapters[playerKind(props.uri)];
  return (
    <div className="player">
      <Suspense fallback={<div className="player__media player__loading">Loading the player…</div>}>
        <Adapter {...props} />
      </Suspense>
    </div>
  );
}
