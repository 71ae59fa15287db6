import { useMemo, useState } from 'react';
import type { Bucket } from '../../functions/_lib/trades/buckets.ts';
import { toDecimal } from '../../functions/_lib/trades/money.ts';
import { latestMonth, monthWeeks, shiftMonth } from './calendar.ts';
import { exactMoney, formatCompactMoney, formatMoney, formatShortAmount } from './format.ts';
import { marketToday } from './time-zone.ts';

const WEEK = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
/** Made once: a formatter costs more to make than a month's whole grid to draw. */
const MONTH_TITLE = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A month of daily net over the whole history (it opens on the latest month with a trade, so an
 * old import is not an empty grid): green up, red down, darker for bigger days. A day is a button
 * that filters the page to it.
 */
export function MonthCalendar({
  byDay,
  currency,
  onPickDay,
}: {
  byDay: Record<string, Bucket>;
  currency: string;
  onPickDay: (day: string) => void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const month = picked ?? latestMonth(byDay, marketToday().slice(0, 7));
  const weeks = useMemo(() => monthWeeks(month, byDay), [month, byDay]);
  const total = Object.entries(byDay)
    .filter(([day]) => day.startsWith(month))
    .reduce((sum, [, b]) => sum.plus(b.net), toDecimal(0));
  const title = MONTH_TITLE.format(new Date(`${month}-01T12:00:00Z`));
  return (
    <figure className="pnl-calendar">
      <figcaption>
        Daily P&L, {title}:{' '}
        <span title={exactMoney(total.toFixed(4), currency)}>{formatMoney(total.toFixed(4), currency)}</span>
      </figcaption>
      <div className="pnl-calendar__nav">
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setPicked(shiftMonth(month, -1))}
        >
          ‹ Previous month
        </button>
        <input
          type="month"
          aria-label="Month"
          value={month}
          onChange={(e) => /^\d{4}-\d{2}$/.test(e.target.value) && setPicked(e.target.value)}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setPicked(shiftMonth(month, 1))}
        >
          Next month ›
        </button>
      </div>
      <table className="pnl-month" aria-label={`Daily P&L, ${title}`}>
        <thead>
          <tr>
            {WEEK.map((day) => (
              <th key={day} scope="col">
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)?.day}>
              {week.map((cell, i) =>
                cell === null ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: padding cells have no identity but their place
                  <td key={i} />
                ) : (
                  <td key={cell.day}>
                    {cell.bucket ? (
                      <button
                        type="button"
                        className={`pnl-day level-${cell.level}${cell.bucket.net.startsWith('-') ? ' is-loss' : cell.level > 0 ? ' is-win' : ' is-flat'}`}
                        title={exactMoney(cell.bucket.net, currency)}
                        aria-label={`${cell.day}: ${formatMoney(cell.bucket.net, currency)}, ${cell.bucket.trades} ${cell.bucket.trades === 1 ? 'trade' : 'trades'}: show them`}
                        onClick={() => onPickDay(cell.day)}
                      >
                        <span className="pnl-day__date">{Number(cell.day.slice(8))}</span>
                        <span className="pnl-day__net pnl-day__net--wide">
                          {formatCompactMoney(cell.bucket.net, currency)}
                        </span>
                        <span className="pnl-day__net pnl-day__net--narrow">
                          {formatShortAmount(cell.bucket.net)}
                        </span>
                      </button>
                    ) : (
                      <span className="pnl-day__date">{Number(cell.day.slice(8))}</span>
                    )}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
