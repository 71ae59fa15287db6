import { Fragment, useState } from 'react';
import type { Trade } from '../../functions/_lib/contract/index.ts';
import type { OpenedBefore as Close } from '../../functions/_lib/trades/round-trips.ts';
import { CompleteOpening } from './CompleteOpening.tsx';
import { EnterOpeningToggle } from './EnterOpeningToggle.tsx';
import { exactMoney, formatAmount, formatMoney } from './format.ts';

/**
 * Closes of positions whose opening is not in the journal (a history imported from mid-position):
 * shown apart, never as trades, and out of every figure until the earlier file is imported, when they
 * become the exact round trips they were.
 */
export function OpenedBefore({
  closes,
  trades,
}: {
  closes: readonly Close[];
  /** The journal's trades by id (a close's `fill`), when the closes are stored trades. */
  trades?: ReadonlyMap<string, Trade>;
}) {
  const [completing, setCompleting] = useState<string | null>(null);
  if (closes.length === 0) return null;
  return (
    <>
      <h3 className="open-positions__title">Opened before your history</h3>
      <p className="muted" data-opened-before>
        {closes.length === 1 ? 'This sale or cover closes' : 'These sales and covers close'} positions opened
        before the first execution you imported, so {closes.length === 1 ? 'it is' : 'they are'} not in your
        P&L or statistics. Import the earlier file to complete {closes.length === 1 ? 'it' : 'them'}.
      </p>
      <div className="trade-table-wrap open-positions">
        <table className="trade-table" aria-label="Opened before your history">
          <thead>
            <tr>
              <th scope="col">Symbol</th>
              <th scope="col">Closed</th>
              <th scope="col">Position</th>
              <th scope="col">Shares</th>
              <th scope="col">Proceeds or cost</th>
              <th scope="col">Fees</th>
              {trades && <th scope="col">Opening</th>}
            </tr>
          </thead>
          <tbody>
            {closes.map((close) => {
              const trade = trades?.get(close.fill);
              return (
                <Fragment key={close.fill}>
                  <tr>
                    <th scope="row">{close.symbol}</th>
                    <td>{close.exit.replace('T', ' ')}</td>
                    <td>{close.side === 'long' ? 'Long (sold)' : 'Short (covered)'}</td>
                    <td className="num">{formatAmount(String(close.shares))}</td>
                    <td className="num" title={exactMoney(close.value, close.currency)}>
                      {formatMoney(close.value, close.currency, { sign: false })}
                    </td>
                    <td className="num" title={exactMoney(close.fees, close.currency)}>
                      {formatMoney(close.fees, close.currency, { sign: false })}
                    </td>
                    {trades && (
                      <td>
                        {trade && (
                          <EnterOpeningToggle fill={close.fill} open={completing} onToggle={setCompleting} />
                        )}
                      </td>
                    )}
                  </tr>
                  {trade && completing === close.fill && (
                    <tr>
                      <td colSpan={7}>
                        <CompleteOpening
                          close={close}
                          broker={trade.source}
                          onDone={() => setCompleting(null)}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
