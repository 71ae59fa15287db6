/**
 * Broker fixture files cut into their records and rewritten the ways a real export varies without
 * changing what it holds: rows of one time stamp in another order, the file cut in two, the header
 * spelled another accepted way, unknown columns added, other line endings and a byte-order mark.
 * The property suite (tests/unit/trades-properties.test.ts) reads every variant with the real reader
 * and expects the round trips of the original file.
 *
 * What a data row is comes from the reader's own reading of the original file: the lines of its
 * executions and of its rejected rows. Everything else (preambles, headers, other sections, totals,
 * footers, blank lines) is kept as it is in every variant.
 */
import { readFileSync } from 'node:fs';
import { normName } from '../../functions/_lib/trades/brokers/header.ts';
import { BROKER_FORMATS, detect } from '../../functions/_lib/trades/brokers/index.ts';
import type { FileAnalysis } from '../../functions/_lib/trades/import-file.ts';
import { expectedResults } from './broker-files.ts';

const DIR = new URL('../fixtures/brokers/', import.meta.url);

interface Expected {
  date_given?: string;
  same_as?: string;
}

/** expected.json and every `NAME.expected.json` beside it, as tests/unit/trades-fixtures.test.ts reads them. */
const expected = expectedResults<Expected>(DIR);

/** Every format fixture that has expected results. */
export const FIXTURES: readonly string[] = Object.keys(expected)
  .filter((file) => /\.(?:csv|xml)$/.test(file))
  .sort();

export function fixtureText(file: string): string {
  return readFileSync(new URL(file, DIR), 'utf8');
}

/** The trade date a date-less export (DAS) is read with, as the fixture test passes it. */
export function fixtureOptions(file: string): { date?: string } {
  const date =
    file === 'das.csv' || expected[file]?.same_as === 'das.csv' ? '2026-03-16' : expected[file]?.date_given;
  return date ? { date } : {};
}

/** A seeded pseudo-random generator (mulberry32): the same seed, the same variant. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One table of a CSV file: its header record, where its own columns start, and its records. */
interface Table {
  header: number;
  /** Cells before the table's own columns (an IBKR statement's `Trades,Data`). */
  prefix: number;
  /** Every record from the header to its last data row (data rows, continuations, subtotals between). */
  records: number[];
}

/**
 * A file cut into consecutive pieces that join back to it: CSV records (each with its line ending)
 * or, for XML, `<Trade>` elements and the text between them. A unit is one data row: its piece, and
 * for CSV the continuation records under it (Moomoo's fill lines under their order).
 */
export interface Doc {
  kind: 'csv' | 'xml';
  bom: boolean;
  /** The file did not end with a line ending (one was added to its last record). */
  noFinalNewline: boolean;
  ending: string;
  delimiter: string;
  pieces: string[];
  /** Units in file order, each the indices of its pieces (contiguous). */
  units: number[][];
  /** Per unit: its executions' time stamps, or null for a row that was rejected (never moved). */
  keys: (string | null)[];
  tables: Table[];
}

/**
 * Formats whose records start with cells that are not the table's columns: IBKR's multi-section
 * files start every record with the section name and row kind (`Trades,Data`, `Transaction
 * History,Header`), markers IBKR writes one way only, never a column name to respell or shift.
 */
const PREFIX: Record<string, number> = { 'ibkr-statement': 2, 'ibkr-history': 2 };

const TRADE_ELEMENT = /<(?:Trade|TradeConfirm)(?=[\s/>])(?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*\s*\/?>/g;

/** One attribute of an element: the space before it, its name, `=` and its quoted value. */
const ATTRIBUTE = /(\s+)([\w.:-]+)(\s*=\s*(?:"[^"]*"|'[^']*'))/g;

/** Cuts a file into its pieces, finding its data rows from the reader's analysis of it. */
export function parseDoc(text: string, analysis: FileAnalysis): Doc {
  const bom = text.startsWith('\uFEFF');
  const body = bom ? text.slice(1) : text;
  const ending = body.includes('\r\n') ? '\r\n' : '\n';
  const timesByLine = new Map<number, Set<string>>();
  for (const e of analysis.executions) {
    const set = timesByLine.get(e.line) ?? new Set();
    set.add(`${e.time}@${e.epochMs}`);
    timesByLine.set(e.line, set);
  }
  const dataLines = new Set([...timesByLine.keys(), ...analysis.rejected.map((r) => r.line)]);
  const keyOf = (line: number) => {
    const times = timesByLine.get(line);
    return times ? [...times].sort().join(' ') : null;
  };
  if (/^\s*</.test(body)) return xmlDoc(body, bom, ending, dataLines, keyOf);
  const delimiter = detect(text).found?.delimiter ?? ',';
  const noFinalNewline = !body.endsWith('\n');
  const pieces = splitRecords(noFinalNewline ? body + ending : body);
  const lines: number[] = [];
  let line = 1;
  for (const piece of pieces) {
    lines.push(line);
    line += piece.split('\n').length - 1;
  }
  const cells = pieces.map((piece) => splitCells(stripEnding(piece), delimiter).map(unquote));
  const isData = pieces.map((_, i) => dataLines.has(lines[i] as number));
  const units: number[][] = [];
  const keys: (string | null)[] = [];
  const owner = new Map<number, number>();
  for (let i = 0; i < pieces.length; i++) {
    if (!isData[i]) continue;
    const unit = [i];
    // Lines under a data row that continue it: an empty first cell and more than one filled cell.
    while (
      i + 1 < pieces.length &&
      !isData[i + 1] &&
      cells[i + 1]?.[0] === '' &&
      (cells[i + 1] ?? []).filter((c) => c !== '').length > 1
    )
      unit.push(++i);
    for (const at of unit) owner.set(at, units.length);
    units.push(unit);
    keys.push(keyOf(lines[unit[0] as number] as number));
  }
  const prefix = PREFIX[analysis.broker] ?? 0;
  const tables = new Map<number, Table>();
  for (const unit of units) {
    const first = unit[0] as number;
    let h = first - 1;
    while (h >= 0 && (owner.has(h) || !isHeaderLike(cells[h] ?? []))) h--;
    if (h < 0) throw new Error(`no header above line ${lines[first]}`);
    const table = tables.get(h) ?? { header: h, prefix, records: [] };
    const last = unit[unit.length - 1] as number;
    for (let r = h; r <= last; r++)
      if (!table.records.includes(r) && !isBlank(cells[r] ?? [])) table.records.push(r);
    tables.set(h, table);
  }
  return {
    kind: 'csv',
    bom,
    noFinalNewline,
    ending,
    delimiter,
    pieces,
    units,
    keys,
    tables: [...tables.values()],
  };
}

function xmlDoc(
  body: string,
  bom: boolean,
  ending: string,
  dataLines: ReadonlySet<number>,
  keyOf: (line: number) => string | null,
): Doc {
  const pieces: string[] = [];
  const units: number[][] = [];
  const keys: (string | null)[] = [];
  let at = 0;
  for (const match of body.matchAll(TRADE_ELEMENT)) {
    const line = body.slice(0, match.index).split('\n').length;
    pieces.push(body.slice(at, match.index));
    pieces.push(match[0]);
    at = match.index + match[0].length;
    if (dataLines.has(line)) {
      units.push([pieces.length - 1]);
      keys.push(keyOf(line));
    }
  }
  pieces.push(body.slice(at));
  return { kind: 'xml', bom, noFinalNewline: false, ending, delimiter: ',', pieces, units, keys, tables: [] };
}

/** The file written back from its pieces (a BOM and a missing last line ending as they were). */
export function render(doc: Doc, pieces: readonly string[] = doc.pieces): string {
  let text = pieces.join('');
  if (doc.noFinalNewline && text.endsWith(doc.ending)) text = text.slice(0, -doc.ending.length);
  return (doc.bom ? '\uFEFF' : '') + text;
}

/** The file with its units rearranged: `order[i]` is the unit written where unit i was. */
function withUnits(doc: Doc, order: readonly number[], keep: (unit: number) => boolean = () => true): string {
  const start = new Map(doc.units.map((unit, u) => [unit[0] as number, u]));
  const inUnit = new Set(doc.units.flat());
  const out: string[] = [];
  doc.pieces.forEach((piece, i) => {
    const u = start.get(i);
    if (u !== undefined) {
      const moved = order[u] as number;
      if (keep(moved)) for (const at of doc.units[moved] ?? []) out.push(doc.pieces[at] as string);
    } else if (!inUnit.has(i)) out.push(piece);
  });
  return render(doc, out);
}

/** Data rows of one time stamp in a seeded random order among their own places; other rows stay. */
export function shuffleTies(doc: Doc, seed: number): string {
  const random = seeded(seed);
  const order = doc.units.map((_, u) => u);
  const groups = new Map<string, number[]>();
  doc.keys.forEach((key, u) => {
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), u]);
  });
  for (const places of groups.values()) {
    const units = [...places];
    for (let i = units.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [units[i], units[j]] = [units[j] as number, units[i] as number];
    }
    places.forEach((place, i) => {
      order[place] = units[i] as number;
    });
  }
  return withUnits(doc, order);
}

/**
 * The file cut before data row `cut`: both parts keep everything that is not a data row (header,
 * preamble, other sections, footers), the first has the rows before the cut, the second the rest.
 */
export function splitAt(doc: Doc, cut: number): [string, string] {
  const order = doc.units.map((_, u) => u);
  return [withUnits(doc, order, (u) => u < cut), withUnits(doc, order, (u) => u >= cut)];
}

/** Cut points: every one for a small file, a handful spread over a larger one. */
export function cutPoints(doc: Doc, most = 8): number[] {
  const n = doc.units.length;
  const all = Array.from({ length: Math.max(0, n - 1) }, (_, i) => i + 1);
  if (all.length <= most) return all;
  return [...new Set(Array.from({ length: most }, (_, i) => Math.round(((i + 1) * n) / (most + 1))))];
}

/** How a name is written: as the alias list has it, or in another case or spacing (names ignore both). */
export type Casing = 'as written' | 'upper case' | 'lower_snake_case' | 'no spaces' | 'padded with spaces';

/**
 * How a header is respelled: each field's alias `step` places further on in its list (0: its own
 * name), written in `casing`.
 */
export interface Respelling {
  step: number;
  casing: Casing;
}

/** Every alias step up to the longest alias list, then case and spacing changes, alone and on an alias. */
export function respellings(broker: string): Respelling[] {
  const fields = fieldsOf(broker);
  const longest = Math.max(1, ...Object.values(fields ?? {}).map((aliases) => aliases.length));
  return [
    ...Array.from({ length: longest - 1 }, (_, i) => ({ step: i + 1, casing: 'as written' as const })),
    { step: 1, casing: 'upper case' },
    { step: 1, casing: 'lower_snake_case' },
    { step: 1, casing: 'no spaces' },
    { step: 0, casing: 'upper case' },
    { step: 0, casing: 'lower_snake_case' },
    { step: 0, casing: 'no spaces' },
    { step: 0, casing: 'padded with spaces' },
  ];
}

export function respellingName({ step, casing }: Respelling): string {
  return step === 0 ? casing : `alias ${step}${casing === 'as written' ? '' : `, ${casing}`}`;
}

function caseChange(name: string, casing: Casing): string {
  if (casing === 'upper case') return name.toUpperCase();
  if (casing === 'lower_snake_case') return name.toLowerCase().replace(/\s+/g, '_');
  if (casing === 'no spaces') return name.replace(/\s+/g, '');
  if (casing === 'padded with spaces') return `  ${name} `;
  return name;
}

/** The format's fields (their aliases): a tableFormat's schema; an XML Flex report reads the CSV query's. */
export function fieldsOf(broker: string): Readonly<Record<string, readonly string[]>> | null {
  const id = broker === 'ibkr-xml' ? 'ibkr' : broker;
  return BROKER_FORMATS.find((format) => format.id === id)?.fields ?? null;
}

/** Which field a column name is, in these fields (null: a column the format does not read). */
function fieldOf(fields: Readonly<Record<string, readonly string[]>>, name: string): string | null {
  const key = normName(name);
  for (const [field, aliases] of Object.entries(fields))
    if (aliases.some((a) => normName(a) === key)) return field;
  return null;
}

/**
 * New names for a header's cells: each field's alias `step` places on in its list (skipping one the
 * header already has), or at step 0 the same name in another case or spacing; a name whose field has
 * no other spelling keeps its own. `valid` writes a spelling, or refuses it (an XML attribute name
 * has no spaces or `/`).
 */
function respell(
  names: readonly string[],
  fields: Readonly<Record<string, readonly string[]>> | null,
  { step, casing }: Respelling,
  valid: (name: string) => string | null = (name) => name,
): string[] {
  const taken = new Set(names.map(normName));
  return names.map((name) => {
    if (name === '') return name;
    const field = fields ? fieldOf(fields, name) : null;
    const aliases = field && fields ? (fields[field] ?? []) : [];
    const at = aliases.findIndex((alias) => normName(alias) === normName(name));
    if (step === 0 || aliases.length < 2)
      return step === 0 ? (valid(caseChange(name, casing)) ?? name) : name;
    // The alias `step` places on; if the header already has it, the next one it does not have.
    for (let more = 0; more < aliases.length - 1; more++) {
      const alias = aliases[(at + step + more) % aliases.length] as string;
      if (normName(alias) === normName(name) || taken.has(normName(alias))) continue;
      const written = valid(caseChange(alias, casing));
      if (written === null) continue;
      taken.add(normName(alias));
      return written;
    }
    return name;
  });
}

/**
 * The header of every trades table respelled (see Respelling), or of one table alone when `only`
 * names it (joined exports spelled differently); null when nothing would change.
 */
export function renameHeader(doc: Doc, broker: string, how: Respelling, only?: number): string | null {
  const fields = fieldsOf(broker);
  const pieces = [...doc.pieces];
  if (doc.kind === 'xml') {
    // An attribute name has no spaces or `/`: `T. Price` is written `T.Price`, `Buy/Sell` not at all.
    const valid = (name: string) => {
      const written = name.replace(/\s+/g, '');
      return /^[A-Za-z_][\w.-]*$/.test(written) ? written : null;
    };
    for (const [at] of doc.units) {
      const element = pieces[at as number] as string;
      const names = [...element.matchAll(ATTRIBUTE)].map((m) => m[2] as string);
      const renamed = respell(names, fields, how, valid);
      let i = 0;
      pieces[at as number] = element.replace(ATTRIBUTE, (_all, space, _name, value) => {
        return `${space}${renamed[i++]}${value}`;
      });
    }
  } else {
    for (const table of only === undefined ? doc.tables : doc.tables.slice(only, only + 1)) {
      const piece = pieces[table.header] as string;
      const raw = splitCells(stripEnding(piece), doc.delimiter);
      const own = raw.slice(table.prefix).map(unquote);
      const renamed = respell(own, fields, how);
      const cells = [
        ...raw.slice(0, table.prefix),
        ...renamed.map((name, i) => {
          const was = raw[table.prefix + i] as string;
          if (name === own[i]) return was;
          return was.trim().startsWith('"') ? `"${name.replaceAll('"', '""')}"` : quote(name, doc.delimiter);
        }),
      ];
      pieces[table.header] = cells.join(doc.delimiter) + endingOf(piece);
    }
  }
  const text = render(doc, pieces);
  return text === render(doc) ? null : text;
}

/** Column names no format reads (checked against the registry by the suite). */
export const UNKNOWN_COLUMNS = ['Zq Memo', 'Zq Ref 2', 'Zq Flag'] as const;

/** Values of the added columns: text, numbers, empty, a quoted cell holding the delimiter. */
function junk(random: () => number, delimiter: string): string {
  const values = ['zz', '17', '', 'N/A', `"x${delimiter} y"`, '--', 'TRUE', '0', 'ünïcödé'];
  return values[Math.floor(random() * values.length)] as string;
}

export type ColumnPlace = 'start' | 'middle' | 'end';

/**
 * Unknown columns added to the trades tables at these places, with junk in every row under them
 * (for XML: unknown attributes on every `<Trade>`); to one table alone when `only` names it (a file
 * of two exports joined, the later one with a column more).
 */
export function addColumns(doc: Doc, places: readonly ColumnPlace[], only?: number, seed = 1): string {
  const random = seeded(seed);
  const pieces = [...doc.pieces];
  if (doc.kind === 'xml') {
    for (const [at] of doc.units) {
      const element = pieces[at as number] as string;
      const attributes = [...element.matchAll(ATTRIBUTE)];
      const added = (i: number) =>
        ` ${UNKNOWN_COLUMNS[i]?.replace(/\W/g, '')}="${junk(random, ',').replaceAll('"', '')}"`;
      // Inserted from the end backwards so earlier offsets stay right.
      const spots = places.map((place, i) => {
        const nth =
          place === 'start' ? 0 : place === 'middle' ? Math.floor(attributes.length / 2) : attributes.length;
        const match = attributes[nth];
        const offset = match ? (match.index as number) : element.search(/\s*\/?>$/);
        return { offset, text: added(i) };
      });
      let out = element;
      for (const spot of spots.sort((a, b) => b.offset - a.offset))
        out = out.slice(0, spot.offset) + spot.text + out.slice(spot.offset);
      pieces[at as number] = out;
    }
    return render(doc, pieces);
  }
  for (const table of only === undefined ? doc.tables : doc.tables.slice(only, only + 1)) {
    const width =
      splitCells(stripEnding(pieces[table.header] as string), doc.delimiter).length - table.prefix;
    const spots = places.map((place, i) => ({
      at: table.prefix + (place === 'start' ? 0 : place === 'middle' ? Math.floor(width / 2) : width),
      name: UNKNOWN_COLUMNS[i] as string,
    }));
    for (const r of table.records) {
      const piece = pieces[r] as string;
      const cells = splitCells(stripEnding(piece), doc.delimiter);
      // From the last place back, so each index still points where it should.
      for (const spot of [...spots].sort((a, b) => b.at - a.at)) {
        while (cells.length < spot.at) cells.push('');
        cells.splice(spot.at, 0, r === table.header ? spot.name : junk(random, doc.delimiter));
      }
      pieces[r] = cells.join(doc.delimiter) + endingOf(piece);
    }
  }
  return render(doc, pieces);
}

/** The file with CRLF line endings, a UTF-8 byte-order mark, or both. */
export function lineEndings(text: string, how: 'crlf' | 'bom' | 'crlf+bom'): string {
  const plain = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const crlf = how === 'bom' ? plain : plain.replace(/\r?\n/g, '\r\n');
  return how === 'crlf' ? crlf : `\uFEFF${crlf}`;
}

// — CSV records and cells, quotes respected (a quoted cell may hold the delimiter or a line break) —

function splitRecords(text: string): string[] {
  const records: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) {
      records.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) records.push(text.slice(start));
  return records;
}

function endingOf(record: string): string {
  return /\r?\n$/.exec(record)?.[0] ?? '';
}

function stripEnding(record: string): string {
  return record.slice(0, record.length - endingOf(record).length);
}

/** A record's cells as written (quotes kept). */
function splitCells(record: string, delimiter: string): string[] {
  const cells: string[] = [];
  let quoted = false;
  let start = 0;
  for (let i = 0; i < record.length; i++) {
    const ch = record[i];
    if (ch === '"') quoted = !quoted;
    else if (ch === delimiter && !quoted) {
      cells.push(record.slice(start, i));
      start = i + 1;
    }
  }
  cells.push(record.slice(start));
  return cells;
}

function unquote(cell: string): string {
  const trimmed = cell.trim();
  return trimmed.startsWith('"') && trimmed.endsWith('"') && trimmed.length >= 2
    ? trimmed.slice(1, -1).replaceAll('""', '"').trim()
    : trimmed;
}

function quote(cell: string, delimiter: string): string {
  return cell.includes(delimiter) || cell.includes('"') ? `"${cell.replaceAll('"', '""')}"` : cell;
}

function isBlank(cells: readonly string[]): boolean {
  return cells.every((cell) => cell === '');
}

/** A record that can head a table: two or more names, and no total line. */
function isHeaderLike(cells: readonly string[]): boolean {
  if (cells.filter((cell) => cell !== '').length < 2) return false;
  return !cells.slice(0, 2).some((cell) => /^(?:sub)?total$/i.test(cell));
}
