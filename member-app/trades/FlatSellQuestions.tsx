import { answerKey } from '../../functions/_lib/trades/answer-key.ts';
import type { FlatSellAnswer, Unresolved } from '../../functions/_lib/trades/round-trips.ts';
import { formatAmount, formatMoney } from './format.ts';

/** What a question needs to be shown: the first sell (its line when it is in a file) and how much waits. */
export type Question = Omit<Unresolved, 'fills'> & { waiting: number };

/**
 * Sales with nothing held before them that nothing says the meaning of: asked once per account and
 * symbol, never guessed. Until answered they and the later fills of the symbol are in no figure.
 */
export function FlatSellQuestions({
  questions,
  onAnswer,
  where,
}: {
  questions: readonly Question[];
  onAnswer: (id: string, answer: FlatSellAnswer) => void;
  /** `file`: the import preview (lines are the file's); `journal`: /trades. */
  where: 'file' | 'journal';
}) {
  if (questions.length === 0) return null;
  const before = where === 'file' ? 'this file' : 'your journal';
  return (
    <section className="flat-sells" aria-labelledby="flat-sells-title" data-flat-sells>
      <h3 id="flat-sells-title">
        {questions.length === 1 ? 'One sale needs your answer' : `${questions.length} sales need your answer`}
      </h3>
      <p className="muted">
        Nothing was held before {questions.length === 1 ? 'this sale' : 'these sales'} in {before}, and
        nothing says whether {questions.length === 1 ? 'it was' : 'they were'} a short sale. Until you answer,{' '}
        {questions.length === 1 ? 'it and the later trades' : 'they and the later trades'} of the symbol are
        left out of your P&L and open positions.
      </p>
      <ul>
        {questions.map((question) => {
          const id = answerKey(question);
          return (
            <li key={id} data-question={id}>
              <p>
                {where === 'file' && `Line ${question.line}: `}
                sold {formatAmount(question.shares)} <strong>{question.symbol}</strong> (
                {formatMoney(question.value, question.currency, { sign: false })}) on{' '}
                {question.time.replace('T', ' ')}
                {question.account && ` in account ${question.account}`}
                {question.waiting > 1 && ` — ${question.waiting - 1} later trades of it wait too`}. Was it:
              </p>
              <div className="flat-sells__answers">
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onAnswer(id, 'short')}>
                  A short sale, covered later
                </button>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => onAnswer(id, 'held')}>
                  Shares held before {before} (enter the cost)
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
