import type { Caller } from '../auth/verify.ts';
import { assertAccess, membershipKey } from '../billing/membership.ts';
import type { AudioTrack } from '../contract/index.ts';
import type { Deps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { parseJson } from '../store.ts';
import { libraryKeys } from './keys.ts';

/** SPEC §9: the audio page shows up to 25 tracks. */
export const AUDIO_LIMIT = 25;

export interface LiveStream {
  title: string;
  /** An https embed URL of the live event (e.g. a Vimeo event), or a local sample file. */
  embed: string;
}

/** SPEC §2 /audio: the latest podcast episodes, newest first (members; one round trip). */
export async function listAudio(
  deps: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
): Promise<{ audio: AudioTrack[] }> {
  const [membership, members] = (await deps.store
    .pipeline()
    .get(membershipKey(caller.sub))
    .zrange(libraryKeys.audio, 0, AUDIO_LIMIT - 1, { rev: true })
    .exec()) as [unknown, string[]];
  assertAccess(membership, deps.now());
  return { audio: members.flatMap((raw) => parseJson<AudioTrack>(raw) ?? []) };
}

/** SPEC §2 /stream: the live event's embed (members; one round trip). */
export async function liveStream(
  deps: Pick<Deps, 'store' | 'now'>,
  caller: Caller,
): Promise<{ stream: LiveStream }> {
  const [membership, raw] = (await deps.store
    .pipeline()
    .get(membershipKey(caller.sub))
    .get(libraryKeys.stream)
    .exec()) as [unknown, unknown];
  assertAccess(membership, deps.now());
  const stream = parseJson<LiveStream>(raw);
  if (!stream) throw notFound('The live stream is not configured');
  return { stream };
}
