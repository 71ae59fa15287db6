import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ImportedExecution, TradeActionInput } from '../../../functions/_lib/contract/trades.ts';
import { ApiError } from '../../api/client.ts';
import { saveFileActions } from '../trade-actions-data.ts';
import { importBatch, tradesChanged } from '../trades-writes.ts';
import { batches } from './to-api.ts';

export type Saving =
  | { status: 'idle' }
  | { status: 'saving'; done: number; of: number }
  | { status: 'saved'; added: number; duplicates: number; total: number }
  | { status: 'stopped'; reason: string; saved: number; of: number; executions: number };

/**
 * Sending a confirmed preview in calls of at most 1000 executions, one after another, and what came
 * of it; the trade lists are refreshed when anything was saved.
 */
export function useImportSave() {
  const [saving, setSaving] = useState<Saving>({ status: 'idle' });
  const queryClient = useQueryClient();

  /** The executions, then the file's splits and symbol changes (kept for the journal's matching). */
  async function save(executions: ImportedExecution[], actions: readonly TradeActionInput[] = []) {
    const parts = batches(executions);
    let added = 0;
    let duplicates = 0;
    let total = 0;
    let saved = 0;
    setSaving({ status: 'saving', done: 0, of: parts.length });
    try {
      for (const part of parts) {
        const answer = await importBatch(part);
        added += answer.added;
        duplicates += answer.duplicates;
        total = answer.total;
        saved++;
        setSaving({ status: 'saving', done: saved, of: parts.length });
      }
      if (actions.length > 0) await saveFileActions(queryClient, actions);
      setSaving({ status: 'saved', added, duplicates, total });
    } catch (error) {
      setSaving({
        status: 'stopped',
        reason: failureReason(error),
        saved,
        of: parts.length,
        executions: parts.slice(0, saved).flat().length,
      });
    } finally {
      if (saved > 0) void tradesChanged(queryClient);
    }
  }

  const reset = useCallback(() => setSaving({ status: 'idle' }), []);
  return { saving, save, reset };
}

/** Why a batch failed, in the member's words; the caller adds what was saved. */
function failureReason(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return `the server could not save a batch (error ${error.status}).`;
    return error.message.endsWith('.') ? error.message : `${error.message}.`;
  }
  return 'the server could not be reached (check your connection).';
}
