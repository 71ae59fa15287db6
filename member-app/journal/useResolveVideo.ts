import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { videoDetailQuery } from '../videos/library-data.ts';

/** A pasted link to one of our videos → its id and title for the embed (null: not one we have). */
export function useResolveVideo() {
  const client = useQueryClient();
  return useCallback(
    async (id: string) => {
      try {
        const video = await client.query(videoDetailQuery(id));
        return { id: video.id, title: video.title };
      } catch {
        return null;
      }
    },
    [client],
  );
}
