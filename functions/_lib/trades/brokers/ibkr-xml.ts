import { ImportError } from '../errors.ts';
import type { ParseResult } from '../executions.ts';
import { FieldColumns } from './fields.ts';
import { type BrokerFormat, markerFit } from './format.ts';
import { normName } from './header.ts';
import { FLEX_FIELDS, type FlexFields, readFlexTrade } from './ibkr.ts';
import { Columns, type ParseOptions, readRow } from './table.ts';

/**
 * Interactive Brokers Flex Query as XML: `<FlexQueryResponse><FlexStatements><FlexStatement …>
 * <Trades><Trade accountId="…" symbol="…" dateTime="…" quantity="…" tradePrice="…" …/>` (Activity
 * Flex Query) or `<TradeConfirms><TradeConfirm …/>` (Trade Confirmation Flex Query). Every `<Trade>`
 * element is read as one row of the CSV Flex Query, its attributes as the columns (readFlexTrade):
 * the same side, open/close, fee, asset class and time rules. `<Order>`, `<Lot>` and summary
 * elements are not executions and are passed over.
 *
 * The file is read by a small scanner over its tags, not a DOM: one pass, each character looked at
 * a bounded number of times, so a 50 MB report stays linear and nothing else in it is built.
 */

/** The CSV spelling of each Flex attribute (`tradePrice` → `TradePrice`): cells are then found without normalising. */
const SPELLING = new Map(
  Object.values(FLEX_FIELDS).flatMap((aliases) => aliases.map((alias) => [normName(alias), alias] as const)),
);

/** Elements that are one execution each. */
const TRADE_ELEMENTS = new Set(['Trade', 'TradeConfirm']);

/** A file whose first non-blank character opens a tag. */
export function looksLikeXml(text: string): boolean {
  return /^\uFEFF?\s*</.test(text.slice(0, 1024));
}

/** The root element's name, or null when the head of the file has none. */
function rootName(text: string): string | null {
  let found: string | null = null;
  try {
    scanTags(text.slice(0, 64 * 1024), (tag) => {
      found = tag.name;
      throw STOP;
    });
  } catch (error) {
    if (error !== STOP && !(error instanceof ImportError)) throw error;
  }
  return found;
}

const STOP = Symbol('stop');

/** True when the text is a Flex Query report (its root element is `<FlexQueryResponse>`). */
export function isFlexXml(text: string): boolean {
  return looksLikeXml(text) && rootName(text) === 'FlexQueryResponse';
}

/** Why an XML file that is no Flex Query report cannot be read. */
export function notFlexReport(text: string): ImportError {
  const root = rootName(text);
  if (root === 'FlexStatementResponse') {
    // The Flex Web Service's answer when the report is not ready or the token is wrong.
    const message = /<ErrorMessage>([^<]{0,300})<\/ErrorMessage>/.exec(text.slice(0, 64 * 1024))?.[1];
    return new ImportError(
      1,
      `this is an IBKR Flex Web Service reply, not a report${message ? ` ("${decodeEntities(message.trim())}")` : ''}: download the Flex Query's XML once it is ready`,
    );
  }
  return new ImportError(
    1,
    `unknown XML file: expected an Interactive Brokers Flex Query report (<FlexQueryResponse> with <Trade> elements)${root ? `, found <${root}>` : ''}`,
  );
}

export const ibkrXml: BrokerFormat<'ibkr-xml'> = {
  id: 'ibkr-xml',
  label: 'Interactive Brokers Flex Query (XML)',
  info: {
    broker: 'Interactive Brokers',
    export: 'Flex Query (Activity: Trades, or Trade Confirmation; executions, XML)',
    where: 'Client Portal → Performance & Reports → Flex Queries → the query, Format XML → Run',
    lacks: 'only the fields chosen in the query; options, futures and FX are not imported',
  },
  // Recognised from the text (index.ts detect), never from a CSV header.
  fit: () => markerFit(false),
  parse() {
    throw new ImportError(1, 'a Flex Query XML report is read from its text, not as CSV rows');
  },
  readText: readFlexXml,
};

/** Every `<Trade>` of a Flex Query report as executions, rejections with their lines. */
export function readFlexXml(text: string, options: ParseOptions): ParseResult {
  const result: ParseResult = { executions: [], rejected: [], warnings: [] };
  const readers = new Map<string, FieldColumns<FlexFields>>();
  let root: string | null = null;
  let statementAccount = '';
  let trades = 0;
  scanTags(text, (tag) => {
    if (root === null) {
      root = tag.name;
      if (root !== 'FlexQueryResponse') throw notFlexReport(text);
      return;
    }
    if (tag.name === 'FlexStatement') {
      statementAccount = tag.values[tag.names.indexOf('accountId')] ?? '';
      return;
    }
    if (!TRADE_ELEMENTS.has(tag.name)) return;
    trades++;
    const names = tag.names;
    const cells = tag.values;
    // An element without its own account belongs to its statement's.
    if (!names.includes('accountId') && statementAccount !== '') {
      names.push('accountId');
      cells.push(statementAccount);
    }
    const key = names.join(' ');
    let reader = readers.get(key);
    if (!reader) {
      reader = new FieldColumns(
        new Columns(names.map((name) => SPELLING.get(normName(name)) ?? name)),
        FLEX_FIELDS,
      );
      readers.set(key, reader);
    }
    const c = reader;
    readRow(result, { line: tag.line, cells }, (row) => readFlexTrade(row, c, options, 'ibkr'));
  });
  if (root === null) throw new ImportError(1, 'unknown XML file: no element found');
  if (trades === 0)
    throw new ImportError(
      1,
      'this Flex Query report has no <Trade> elements: add the Trades section (Executions) to the query',
    );
  return result;
}

/** One start tag: its name, its attributes in file order (values decoded), the line it starts on. */
export interface StartTag {
  name: string;
  names: string[];
  values: string[];
  line: number;
}

const NAME = /[A-Za-z_:][\w.:-]*/y;

const isSpace = (code: number) => code === 32 || code === 10 || code === 13 || code === 9;

/**
 * Calls `visit` for each start tag, in order. Comments, CDATA, processing instructions, the DOCTYPE
 * and end tags are stepped over; text between tags is not read. Attribute values may hold `>` and
 * either quote; entities are decoded. A tag left open is an ImportError naming its line.
 */
export function scanTags(text: string, visit: (tag: StartTag) => void): void {
  let pos = 0;
  let line = 1;
  let counted = 0;
  // Lines counted forward only, each character once, however long the lines are.
  const lineAt = (at: number) => {
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 10) line++;
    return line;
  };
  const skipTo = (end: string, from: number, what: string, start: number) => {
    const at = text.indexOf(end, from);
    if (at < 0) throw new ImportError(lineAt(start), `broken XML: ${what} is never closed`);
    return at + end.length;
  };
  for (;;) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) return;
    const next = text.charCodeAt(lt + 1);
    if (next === 33 /* ! */) {
      if (text.startsWith('<!--', lt)) pos = skipTo('-->', lt + 4, 'a comment', lt);
      else if (text.startsWith('<![CDATA[', lt)) pos = skipTo(']]>', lt + 9, 'a CDATA section', lt);
      else pos = skipTo('>', lt + 2, 'a declaration', lt);
      continue;
    }
    if (next === 63 /* ? */) {
      pos = skipTo('?>', lt + 2, 'a processing instruction', lt);
      continue;
    }
    if (next === 47 /* / */) {
      pos = skipTo('>', lt + 2, 'an end tag', lt);
      continue;
    }
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(text)?.[0];
    if (name === undefined) throw new ImportError(lineAt(lt), 'broken XML: "<" does not start a tag');
    const tag: StartTag = { name, names: [], values: [], line: lineAt(lt) };
    let i = lt + 1 + name.length;
    for (;;) {
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      if (i >= text.length) throw new ImportError(tag.line, `broken XML: <${name}> is never closed`);
      const ch = text[i];
      if (ch === '>') {
        i++;
        break;
      }
      if (ch === '/' && text[i + 1] === '>') {
        i += 2;
        break;
      }
      NAME.lastIndex = i;
      const attribute = NAME.exec(text)?.[0];
      if (attribute === undefined)
        throw new ImportError(lineAt(i), `broken XML: unexpected "${ch}" in <${name}>`);
      i += attribute.length;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      if (text[i] !== '=')
        throw new ImportError(lineAt(i), `broken XML: attribute ${attribute} of <${name}> has no value`);
      i++;
      while (i < text.length && isSpace(text.charCodeAt(i))) i++;
      const quote = text[i];
      if (quote !== '"' && quote !== "'")
        throw new ImportError(lineAt(i), `broken XML: the value of ${attribute} in <${name}> is not quoted`);
      const end = text.indexOf(quote, i + 1);
      if (end < 0) throw new ImportError(tag.line, `broken XML: the value of ${attribute} is never closed`);
      tag.names.push(attribute);
      tag.values.push(decodeEntities(text.slice(i + 1, end)).trim());
      i = end + 1;
    }
    pos = i;
    visit(tag);
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `&amp;`, `&lt;`, `&#39;`, `&#x27;`…; an unknown entity is kept as written. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,4});/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[body] ?? whole;
  });
}
