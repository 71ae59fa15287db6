import { ImportError } from '../errors.ts';
import type { BrokerId, Execution, ParseResult } from '../executions.ts';
import { FieldColumns } from './fields.ts';
import { type Fields, type Fit, fitSchema, nameSet, normName, type Schema } from './header.ts';
import { instrumentOfClass, notStock } from './instruments.ts';
import { Columns, filled, isBlank, type ParseOptions, type Row, readRow } from './table.ts';

/** What members are told about an export: the README's format table and `trades:parse --formats`. */
export interface ExportInfo {
  broker: string;
  /** The export's name on the broker's site or platform. */
  export: string;
  /** Where to download it. */
  where: string;
  /** What the file does not carry (time of day, fees…). */
  lacks: string;
}

/**
 * One broker export: how to recognise its header and how to read its rows. `Id` is the literal id, so
 * the registry (index.ts) is where BrokerId comes from.
 */
export interface BrokerFormat<Id extends string = BrokerId> {
  id: Id;
  label: string;
  info: ExportInfo;
  /**
   * Formats this one wins against when both read a header equally well (same coverage and score):
   * the narrower layout names the broader one it shares its columns with. Registry order never decides.
   */
  beats?: readonly BrokerId[];
  /** Normalised column names of a one-table export: a record with fewer than two of them is no header. */
  columnNames?: ReadonlySet<string>;
  /** A one-table export's fields, each with the spellings its header may use (its schema's). */
  fields?: Fields;
  /** How well one record (trimmed cells and their normalised names) fits as this export's header. */
  fit(cells: readonly string[], names: ReadonlySet<string>): Fit;
  parse(rows: readonly Row[], options: ParseOptions): ParseResult;
  /** A format that is no CSV (Flex Query XML) reads the whole text instead of rows. */
  readText?(text: string, options: ParseOptions): ParseResult;
}

/** A fit for formats recognised by a marker line rather than a column list (statements). */
export function markerFit(found: boolean, score = 50): Fit {
  return found
    ? { complete: true, score, missing: [], found: 1 }
    : { complete: false, score: 0, missing: [], found: 0 };
}

const NO_FIT = markerFit(false);

/** Column names are short: a line of prose that mentions a header (a README) is not one. */
const isProse = (cell: string) => cell.length > 60 || cell.includes('`');

/** True when every name is one of the cells (case and spaces ignored). */
export function hasColumns(cells: readonly string[], names: readonly string[]): boolean {
  const set = nameSet(cells);
  return names.every((name) => set.has(normName(name)));
}

/** A plain one-table export described by its schema and a reader for one data row. */
export interface TableFormatSpec<F extends Fields, Id extends string = BrokerId> {
  id: Id;
  label: string;
  info: ExportInfo;
  beats?: readonly BrokerId[];
  schema: Schema<F>;
  /** The file lists newest first: read bottom-up so rows of one time stamp keep their real order. */
  newestFirst?: boolean;
  /**
   * The field holding the row's own cash amount, and how fees enter it (`net`: a sale's amount is gross
   * − fees, a buy's gross + fees; `gross`: no fees; absent: either): every row is checked against it
   * (reconcile.ts). Its sign is not read, only its size.
   */
  amount?: { field: keyof F & string; fees?: 'net' | 'gross' };
  /** The field naming the row's asset class (`STK`, `OPT`, `Equity Option`…): rows are classified by it first. */
  assetClass?: keyof F & string;
  /**
   * A column that marks short sales (`SHORT`/`Short` = `Y`, `Short Sale` = `Yes`): a plain sell it marks
   * opens a short, a plain buy it marks covers one.
   */
  shortFlag?: keyof F & string;
  /** An Execution, or throws RowError / NotATrade (listed as rejected with the reason). */
  read(row: Row, columns: FieldColumns<F>, options: ParseOptions): Execution | null;
}

export function tableFormat<F extends Fields, Id extends string>(
  spec: TableFormatSpec<F, Id>,
): BrokerFormat<Id> {
  return {
    id: spec.id,
    label: spec.label,
    info: spec.info,
    ...(spec.beats ? { beats: spec.beats } : {}),
    columnNames: new Set(Object.values(spec.schema.fields).flatMap((names) => names.map(normName))),
    fields: spec.schema.fields,
    fit: (cells, names) => (cells.some(isProse) ? NO_FIT : fitSchema(spec.schema, names)),
    parse(rows, options) {
      const result: ParseResult = { executions: [], rejected: [], warnings: [] };
      const tables = dataRows(rows, spec.schema, options, result);
      const reads = tables.flatMap(({ columns, data }) => {
        const fields = new FieldColumns(columns, spec.schema.fields);
        // A short-sale column the format does not declare is honoured too, under its usual names.
        const declared = spec.shortFlag ? fields.name(spec.shortFlag) : null;
        const shortColumn = declared ?? columns.pick(SHORT_COLUMNS);
        return data.map((row) => ({ row, fields, shortColumn }));
      });
      if (spec.newestFirst) reads.reverse();
      for (const { row, fields, shortColumn } of reads)
        readRow(result, row, (r) => readChecked(spec, r, fields, shortColumn, options));
      return result;
    },
  };
}

const SHORT_MARK = /^(?:Y|YES|TRUE|1|SHORT|SS)$/i;
/** Columns that mark short sales in exports that have one (DAS account executions' `SHORT` = `Y`). */
const SHORT_COLUMNS = ['SHORT', 'Short Sale', 'ShortSale', 'Is Short', 'Short Flag', 'Short Sell'];

/**
 * One row through the format's reader, with what the shared reader learns from the format's
 * declarations: the row's asset class (a non-stock class is refused before the row is read, so an
 * option's strike or multiplier is never taken for a price), its own amount for the reconciliation,
 * and a short-sale mark.
 */
function readChecked<F extends Fields>(
  spec: TableFormatSpec<F, string>,
  row: Row,
  fields: FieldColumns<F>,
  shortColumn: string | null,
  options: ParseOptions,
): Execution | null {
  const assetClass = spec.assetClass ? fields.get(row, spec.assetClass) : '';
  const declared = instrumentOfClass(assetClass);
  if (declared && declared !== 'stock') {
    const symbol = Object.hasOwn(spec.schema.fields, 'symbol') ? fields.get(row, 'symbol') : '';
    throw notStock(declared, `${symbol} ${assetClass}`.trim());
  }
  const execution = spec.read(row, fields, options);
  if (!execution) return null;
  const amount = spec.amount ? fields.get(row, spec.amount.field) : '';
  const marked = shortColumn !== null && SHORT_MARK.test(fields.columns.get(row, shortColumn));
  // The mark is the file's own word: it wins over a close read from a plain label (DAS's `S`); a buy it
  // marks covers, unless its label already says what it did.
  const intent = !marked
    ? execution.intent
    : execution.side === 'sell'
      ? 'open'
      : (execution.intent ?? 'close');
  if (assetClass === '' && amount === '' && intent === execution.intent) return execution;
  return {
    ...execution,
    intent,
    ...(assetClass !== '' ? { assetClass } : {}),
    ...(amount !== '' ? { amount, ...(spec.amount?.fees ? { amountFees: spec.amount.fees } : {}) } : {}),
  };
}

/** The header record: the one detection found, else the first that fits the schema. */
function headerIndex<F extends Fields>(
  rows: readonly Row[],
  schema: Schema<F>,
  options: ParseOptions,
): number {
  const fits = (row: Row) => !row.cells.some(isProse) && fitSchema(schema, nameSet(row.cells)).complete;
  const found =
    options.headerLine === undefined ? -1 : rows.findIndex((row) => row.line === options.headerLine);
  if (found < 0) return rows.findIndex(fits);
  // Detection keeps the header that fits best; an earlier one of this export (two exports joined,
  // the first with a column more) starts the data, else its rows would be passed over unsaid.
  const earlier = rows.slice(0, found).findIndex(fits);
  return earlier >= 0 ? earlier : found;
}

/**
 * The data rows after the header, each with the header it belongs to. Blank lines are skipped; a
 * header repeated further down (two exports joined) starts a new table, even with other columns; a
 * line with one cell or a total after the data is a footer (disclaimer, "Date downloaded…"): reading
 * stops there, and resumes only at a new header or a complete data row. What was passed over is
 * said in the warnings, never imported.
 */
function dataRows<F extends Fields>(
  rows: readonly Row[],
  schema: Schema<F>,
  options: ParseOptions,
  result: ParseResult,
): { columns: Columns; data: Row[] }[] {
  const at = headerIndex(rows, schema, options);
  const header = rows[at];
  if (at < 0 || !header) throw new ImportError(1, 'no header row found');
  const headerNames = new Set(Object.values(schema.fields).flatMap((names) => names.map(normName)));
  const spelled = requiredSpellings(schema, header.cells);
  let columns = new Columns(header.cells, options.decimalComma);
  let required = requiredColumns(columns, schema);
  let table = { columns, data: [] as Row[] };
  const out = [table];
  let footer: { from: number; to: number } | null = null;
  const endFooter = () => {
    if (!footer) return;
    const span = footer.from === footer.to ? `line ${footer.from}` : `lines ${footer.from}–${footer.to}`;
    result.warnings.push({ line: footer.from, message: `${span}: text after the data (footer), not read` });
    footer = null;
  };
  for (let i = at + 1; i < rows.length; i++) {
    const row = rows[i] as Row;
    if (isBlank(row)) continue;
    const first = normName(row.cells.find((cell) => cell !== '') ?? '');
    const named = headerNames.has(first) || spellsAll(row.cells, spelled, schema.required.length);
    if (named && fitSchema(schema, nameSet(row.cells)).complete) {
      endFooter();
      result.warnings.push({ line: row.line, message: 'header repeated (files joined): read on' });
      columns = new Columns(row.cells, options.decimalComma);
      required = requiredColumns(columns, schema);
      table = { columns, data: [] };
      out.push(table);
      continue;
    }
    if (footer) {
      if (!required.every((name) => columns.get(row, name) !== '')) {
        footer.to = row.line;
        continue;
      }
      endFooter();
    } else if (filled(row) <= 1 || /^(?:sub)?totals?\b|^grand total|total\s*:?$/i.test(row.cells[0] ?? '')) {
      footer = { from: row.line, to: row.line };
      continue;
    }
    table.data.push(row);
  }
  endFooter();
  return out;
}

function requiredColumns<F extends Fields>(columns: Columns, schema: Schema<F>): string[] {
  return schema.required.flatMap((field) => columns.pick(schema.fields[field] ?? []) ?? []);
}

/**
 * Each required field's spellings, as the schema and the first header write them (and upper- or
 * lower-cased), to its field: a header repeated below a first column the format does not read
 * (`Memo,Account,…`) is still found, by exact lookups, without normalising every data cell.
 */
function requiredSpellings<F extends Fields>(
  schema: Schema<F>,
  header: readonly string[],
): Map<string, string> {
  const spelled = new Map<string, string>();
  for (const field of schema.required) {
    const aliases = schema.fields[field] ?? [];
    const keys = new Set(aliases.map(normName));
    for (const name of [...aliases, ...header.filter((cell) => keys.has(normName(cell)))])
      for (const written of [name, name.toUpperCase(), name.toLowerCase()]) spelled.set(written, field);
  }
  return spelled;
}

/** True when the cells spell every required field (see requiredSpellings). */
function spellsAll(cells: readonly string[], spelled: ReadonlyMap<string, string>, count: number): boolean {
  let found: Set<string> | null = null;
  for (const cell of cells) {
    const field = spelled.get(cell);
    if (field === undefined) continue;
    found = found ?? new Set();
    found.add(field);
  }
  return found !== null && found.size === count;
}
