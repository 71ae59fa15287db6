import { type DateOrder, fileDateOrder } from './any-date.ts';
import type { BrokerFormat } from './format.ts';
import type { ParseOptions, Row } from './table.ts';

/** ParseOptions with the order of the file's numeric dates, settled once for the whole file. */
interface DatedOptions extends ParseOptions {
  dateOrder?: DateOrder;
}

function* cellsOf(rows: readonly Row[]): Generator<string> {
  for (const row of rows) yield* row.cells;
}

/**
 * A format whose members write numeric dates either way round (Questrade in Canada, Webull, Tiger
 * and Moomoo outside the US): the file's own dates say which (`20/07/2026` can only be day first);
 * when every date could be either (`03/04/2026`), the export's documented order is used. Decided for
 * the whole file, so one row's `20/07` settles the `03/04` of the next.
 */
export function eitherDateOrder<Id extends string>(
  format: BrokerFormat<Id>,
  documented: DateOrder,
): BrokerFormat<Id> {
  return {
    ...format,
    parse(rows, options) {
      const dated: DatedOptions = { ...options, dateOrder: fileDateOrder(cellsOf(rows), documented) };
      return format.parse(rows, dated);
    },
  };
}

/** The date order `eitherDateOrder` settled for this file, else the documented one. */
export function dateOrderOf(options: ParseOptions, documented: DateOrder): DateOrder {
  return (options as DatedOptions).dateOrder ?? documented;
}
