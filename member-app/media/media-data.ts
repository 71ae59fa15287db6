import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';
import { fetchQuery } from '../data/cache.ts';

export type AudioList = ApiResponse<'audio'>['audio'];
export type LiveStream = ApiResponse<'stream'>['stream'];

/** Members: the latest podcast episodes (SPEC §2 /audio). Visitors get the landing text, no call. */
export async function loadAudio(): Promise<AudioList | null> {
  if (!isSignedIn()) return null;
  return fetchQuery('audio', async () => (await callApi('audio')).audio);
}

/** Members: the live event's embed (SPEC §2 /stream). Visitors get the landing text, no call. */
export async function loadStream(): Promise<LiveStream | null> {
  if (!isSignedIn()) return null;
  return fetchQuery('stream', async () => (await callApi('stream')).stream);
}

/** An https URL is a host's embed (iframe); anything else is a file the site serves (the local samples). */
export function isEmbedUrl(uri: string): boolean {
  return /^https:\/\//.test(uri);
}
