import { useEffect, useState } from 'react';
import { checkBatch } from '../trades-writes.ts';
import { batches, type ImportPreview } from './to-api.ts';

/** The preview's count of executions already in the journal (asked of the server, nothing written). */
export type Known =
  | { status: 'checking'; done: number; of: number }
  | { status: 'known'; duplicates: number }
  | { status: 'unknown' };

/** Once a preview is ready: how many of its executions the journal already has, batch by batch. */
export function useDuplicateCount(preview: ImportPreview | null): Known {
  const [known, setKnown] = useState<Known>({ status: 'unknown' });
  useEffect(() => {
    if (!preview || preview.executions.length === 0) {
      setKnown({ status: 'unknown' });
      return;
    }
    let ended = false;
    const parts = batches(preview.executions);
    setKnown({ status: 'checking', done: 0, of: parts.length });
    (async () => {
      let duplicates = 0;
      for (const [i, part] of parts.entries()) {
        const answer = await checkBatch(part);
        if (ended) return;
        duplicates += answer.duplicates;
        setKnown({ status: 'checking', done: i + 1, of: parts.length });
      }
      setKnown({ status: 'known', duplicates });
    })().catch(() => {
      // Only a count for the preview: the import itself still skips what is there.
      if (!ended) setKnown({ status: 'unknown' });
    });
    return () => {
      ended = true;
    };
  }, [preview]);
  return known;
}
