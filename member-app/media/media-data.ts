import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { ApiResponse } from '../../functions/_lib/contract/index.ts';
import { callApi } from '../api/client.ts';
import { isSignedIn } from '../auth/session.ts';

export type AudioList = ApiResponse<'audio'>['audio'];
export type LiveStream = ApiResponse<'stream'>['stream'];

export const audioQuery = queryOptions({
  queryKey: ['audio'],
  queryFn: async () => (await callApi('audio')).audio,
});

export const streamQuery = queryOptions({
  queryKey: ['stream'],
  queryFn: async () => (await callApi('stream')).stream,
});

/** Members: the latest podcast episodes (docs/product.md §2 /audio). Visitors get the landing text, no call. */
export async function loadAudio(client: QueryClient): Promise<AudioList | null> {
  return isSignedIn() ? client.query(audioQuery) : null;
}

/** Members: the live event's embed (docs/product.md §2 /stream). Visitors get the landing text, no call. */
export async function loadStream(client: QueryClient): Promise<LiveStream | null> {
  return isSignedIn() ? client.query(streamQuery) : null;
}

/** An https URL is a host's embed (iframe); anything else is a file the site serves (the local samples). */
export function isEmbedUrl(uri: string): boolean {
  return /^https:\/\//.test(uri);
}
