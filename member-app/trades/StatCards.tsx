import type { TradeStats } from '../../functions/_lib/trades/stats.ts';
import { exactMoney, formatAmount, formatMoney, formatPercent, formatRatio } from './format.ts';

/** One currency's headline cards: streaks, net, ratios, averages, extremes, drawdown, R and counts. */
export function StatCards({ stats, currency, open }: { stats: TradeStats; currency: string; open: number }) {
  return (
    <div className="trade-stats__cards">
      <div className="stat-card streak-card">
        <h3>Winning streak</h3>
        <p>
          <span className="stat-card__value">{stats.current_win_streak}</span> current
        </p>
        <p className="muted">Best: {stats.best_win_streak}</p>
      </div>
      <Money label="Net P&L" value={stats.net} currency={currency} />
      <Stat label="Win rate" value={formatPercent(stats.win_rate)} />
      <Stat
        label="Profit factor"
        value={formatRatio(stats.profit_factor)}
        title={exact(stats.profit_factor)}
      />
      <Money label="Expectancy" value={stats.expectancy} currency={currency} />
      <Money label="Average win" value={stats.avg_win} currency={currency} />
      <Money label="Average loss" value={stats.avg_loss} currency={currency} />
      <Money label="Largest win" value={stats.largest_win} currency={currency} />
      <Money label="Largest loss" value={stats.largest_loss} currency={currency} />
      <Money
        label="Max drawdown"
        value={stats.count === 0 ? null : stats.max_drawdown}
        currency={currency}
        unsigned
      />
      <Stat
        label="Fees of gross"
        value={stats.fees_pct_of_gross === null ? '—' : `${formatRatio(stats.fees_pct_of_gross)}%`}
        title={exact(stats.fees_pct_of_gross, '%')}
      />
      <Stat
        label="Average R"
        value={
          stats.r_multiples.avg_r === null ? '—' : `${formatRatio(stats.r_multiples.avg_r, { sign: true })}R`
        }
        title={
          stats.r_multiples.avg_r !== null && stats.r_multiples.trades > 0
            ? `${exact(stats.r_multiples.avg_r, 'R', true)} over ${stats.r_multiples.trades} trades with a planned risk`
            : undefined
        }
      />
      <Stat label="Closed trades" value={String(stats.count)} />
      <Stat label="Open positions" value={String(open)} />
    </div>
  );
}

/** A ratio's exact value for the card's tooltip: `1.6347`, `5.0971%`, `+0.6453R`. */
function exact(value: string | null, unit = '', sign = false): string | undefined {
  return value === null ? undefined : `${formatAmount(value, { sign })}${unit}`;
}

function Stat({
  label,
  value,
  tone,
  title,
}: {
  label: string;
  value: string;
  tone?: string | null;
  title?: string | undefined;
}) {
  const cls = tone == null ? '' : tone.startsWith('-') ? ' is-loss' : /[1-9]/.test(tone) ? ' is-win' : '';
  return (
    <div className="stat-card">
      <h3>{label}</h3>
      <p className={`stat-card__value${cls}`} title={title}>
        {value}
      </p>
    </div>
  );
}

/** A money card: cents in the card, the exact amount in its tooltip. */
function Money({
  label,
  value,
  currency,
  unsigned = false,
}: {
  label: string;
  value: string | null;
  currency: string;
  unsigned?: boolean;
}) {
  return (
    <Stat
      label={label}
      value={formatMoney(value, currency, { sign: !unsigned })}
      tone={unsigned ? null : value}
      title={exactMoney(value, currency)}
    />
  );
}
