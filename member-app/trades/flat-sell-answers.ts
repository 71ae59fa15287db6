import { useCallback, useState } from 'react';
import type { FlatSellAnswer } from '../../functions/_lib/trades/round-trips.ts';
import { sessionIdentity } from '../auth/session.ts';

/**
 * The member's answers to "a sale with nothing held before it: a short sale, or shares held before the
 * file?", per account and symbol (`answerKey`), kept in this browser per member: the import asks once,
 * later imports of the same account and symbol are read with the answer, and /trades counts the
 * journal's own such sales by it. An import also stores the answer on the sells themselves (their
 * intent), so the journal keeps it wherever it is read.
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

/** The saved answers, and a way to give one (saved at once). */
export function useFlatSellAnswers() {
  const [answers, setAnswers] = useState(savedAnswers);
  const answer = useCallback((id: string, value: FlatSellAnswer) => {
    setAnswers((before) => {
      const next = { ...before, [id]: value };
      remember(next);
      return next;
    });
  }, []);
  return { answers, answer };
}
