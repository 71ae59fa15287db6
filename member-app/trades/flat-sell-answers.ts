import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { FlatSellAnswer } from '../../functions/_lib/trades/round-trips.ts';
import { callApi } from '../api/client.ts';
import { sessionIdentity } from '../auth/session.ts';
import { type TripExcursions, tripExcursionsQuery } from './trip-excursions-data.ts';

/**
 * The member's answers to "a sale with nothing held before it: a short sale, or shares held before the
 * file?", per account and symbol (`answerKey`), kept in this browser per member: the import asks once,
 * later imports of the same account and symbol are read with the answer, and /trades counts the
 * journal's own such sales by it. They are kept for the member on the server too (the background
 * MAE/MFE job, the review and the member's other devices read them), and an import stores the answer
 * on the sells themselves (their intent).
 */

const key = () => `trade-flat-sells:${sessionIdentity() ?? 'visitor'}`;

export function savedAnswers(): Record<string, FlatSellAnswer> {
  try {
    const parsed = JSON.parse(localStorage.getItem(key()) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object') return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(([, value]) => value === 'short' || value === 'held'),
    ) as Record<string, FlatSellAnswer>;
  } catch {
    return {}; // unreadable or storage disabled: every question is asked again
  }
}

function remember(answers: Record<string, FlatSellAnswer>): void {
  try {
    localStorage.setItem(key(), JSON.stringify(answers));
  } catch {
    // Storage full or disabled: the answer holds for this page only.
  }
}

/** Keeps answers for the member on the server (journal/trades/answers); a failure is mended on the next visit. */
function keep(answers: Record<string, FlatSellAnswer>): void {
  if (Object.keys(answers).length > 0) void callApi('journal/trades/answers', { answers }).catch(() => {});
}

/**
 * The answers, and a way to give one (saved at once, here and for the member on the server).
 * `stored`: the server's answers once read (journal/trades/excursions), which hold the latest given
 * on any device: they count at once over this browser's, and are saved here; this browser's that
 * the server lacks are sent (given before it kept them, or while it could not be reached). An answer
 * given here goes into the read answers too, so they never hold an older one while it is sent.
 */
export function useFlatSellAnswers(stored?: Readonly<Record<string, FlatSellAnswer>>) {
  const client = useQueryClient();
  const [local, setLocal] = useState(savedAnswers);
  const answer = useCallback(
    (id: string, value: FlatSellAnswer) => {
      setLocal((before) => {
        const next = { ...before, [id]: value };
        remember(next);
        return next;
      });
      client.setQueryData<TripExcursions>(tripExcursionsQuery().queryKey, (old) =>
        old ? { ...old, answers: { ...old.answers, [id]: value } } : old,
      );
      keep({ [id]: value });
    },
    [client],
  );
  useEffect(() => {
    if (!stored) return;
    const saved = savedAnswers();
    keep(Object.fromEntries(Object.entries(saved).filter(([id]) => !(id in stored))));
    if (Object.entries(stored).every(([id, value]) => saved[id] === value)) return;
    const next = { ...saved, ...stored };
    remember(next);
    setLocal(next);
  }, [stored]);
  const answers = useMemo(() => (stored ? { ...local, ...stored } : local), [local, stored]);
  return { answers, answer };
}
