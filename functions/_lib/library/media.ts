import type { MembershipGate } from '../billing/gate.ts';
import type { AudioTrack } from '../contract/index.ts';
import { notFound } from '../http/errors.ts';
import { parseJson } from '../store.ts';
import { libraryKeys } from './keys.ts';

/** docs/product.md §9: the audio page shows up to 25 tracks. */
export const AUDIO_LIMIT = 25;

export interface LiveStream {
  title: string;
  /** An https embed URL of the live event (e.g. a Vimeo event), or a local sample file. */
  embed: string;
  /** The library playlist of past sessions' recordings, if the editors keep one. */
  recordingsPlaylist?: string | undefined;
}

/** docs/product.md §2 /audio: the latest podcast episodes, newest first (members; one round trip). */
export async function listAudio(gate: MembershipGate): Promise<{ audio: AudioTrack[] }> {
  const [members] = await gate.exec<[string[]]>(
    gate.pipeline().zrange(libraryKeys.audio, 0, AUDIO_LIMIT - 1, { rev: true }),
  );
  return { audio: members.flatMap((raw) => parseJson<AudioTrack>(raw) ?? []) };
}

/** docs/product.md §2 /stream: the live event's embed (members; one round trip). */
export async function liveStream(gate: MembershipGate): Promise<{ stream: LiveStream }> {
  const [raw] = await gate.exec<[unknown]>(gate.pipeline().get(libraryKeys.stream));
  const stream = parseJson<LiveStream>(raw);
  if (!stream) throw notFound('The live stream is not configured');
  return { stream };
}
