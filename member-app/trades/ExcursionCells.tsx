import type { Excursion } from '../../functions/_lib/contract/review.ts';
import { exactMoney, formatAmount, formatMoney } from './format.ts';
import type { TripExcursion } from './trip-excursions-data.ts';

type Figure = Extract<Excursion, { state: 'measured' }>['mae'];

/** A cell without a figure: "…" while being measured, "—" saying why otherwise. */
const blank = (text: string, title: string) => (
  <td className="num muted" title={title}>
    {text}
  </td>
);

/**
 * A round trip's MAE, MFE and exit efficiency cells (docs/trades.md, "MAE and MFE on /trades"):
 * dollars with R when a risk is planned, else with percent; "—" saying why when there is no figure,
 * "…" while it is being measured (or was measured for the trip before its last change).
 */
export function ExcursionCells({ excursion, currency }: { excursion: TripExcursion; currency: string }) {
  if (excursion.state !== 'measured') {
    const cell =
      excursion.state === 'pending'
        ? blank('…', 'Being measured')
        : blank('—', `${excursion.state}: ${excursion.reason}`);
    return (
      <>
        {cell}
        {cell}
        {cell}
      </>
    );
  }
  const figure = (f: Figure) => (
    <td className="num" title={`${exactMoney(f.dollars, currency)} at ${f.price}`}>
      {formatMoney(f.dollars, currency)}{' '}
      <span className="muted">
        {f.r === null
          ? `${formatAmount(f.percent, { sign: true })} %`
          : `${formatAmount(f.r, { sign: true })} R`}
      </span>
    </td>
  );
  return (
    <>
      {figure(excursion.mae)}
      {figure(excursion.mfe)}
      {excursion.efficiency === null ? (
        blank('—', 'For winners')
      ) : (
        <td className="num">{excursion.efficiency} %</td>
      )}
    </>
  );
}
