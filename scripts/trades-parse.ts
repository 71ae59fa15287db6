import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { asMapping, type ColumnMapping } from '../functions/_lib/trades/brokers/column-mapping.ts';
import { formatsMarkdown } from '../functions/_lib/trades/brokers/format-table.ts';
import { BROKER_FORMATS } from '../functions/_lib/trades/brokers/index.ts';
import { decodeText } from '../functions/_lib/trades/brokers/table.ts';
import { ImportError } from '../functions/_lib/trades/errors.ts';
import { analyzeFile } from '../functions/_lib/trades/import-file.ts';
import { orderedJson } from './local/ordered-json.ts';

/**
 * Prints what the trade journal reads from a broker CSV, as JSON:
 *   node scripts/trades-parse.ts FILE.csv [--date YYYY-MM-DD] [--tz America/New_York] [--map MAPPING.json]
 *     [--sells-from-flat short|held]
 *   node scripts/trades-parse.ts --formats
 * `--sells-from-flat` answers, for the whole file, what a plain sell with nothing held was (a short
 * sale covered later, or shares held before the file); without it such sells are listed in
 * `unresolved` and counted nowhere.
 * `--map` reads a file of an unrecognised format through a column mapping (the app's, as JSON);
 * `--formats` lists the formats read, one a line (id, broker, export, what the file lacks); with
 * `--markdown`, as the table of docs/broker-formats.md.
 * Exit code 1 with a message on stderr for an unreadable or unknown file, 2 for bad arguments.
 */
const USAGE =
  'usage: node scripts/trades-parse.ts FILE.csv [--date YYYY-MM-DD] [--tz America/New_York] [--map MAPPING.json] [--sells-from-flat short|held] | --formats [--markdown]';

/** One line per format, tab-separated: id, broker, export name, what its files lack. */
function formatLines(): string[] {
  return BROKER_FORMATS.map(({ id, info }) =>
    [id, info.broker, info.export, `lacks: ${info.lacks}`].join('\t'),
  );
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (args.values.formats) {
    const text = args.values.markdown ? formatsMarkdown(BROKER_FORMATS) : formatLines().join('\n');
    process.stdout.write(`${text}\n`);
    return 0;
  }
  const [file, ...extra] = args.positionals;
  if (!file || extra.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let text: string;
  try {
    text = decodeText(await readFile(file));
  } catch (error) {
    process.stderr.write(`${file}: cannot read (${(error as Error).message})\n`);
    return 1;
  }
  let mapping: ColumnMapping | undefined;
  if (args.values.map !== undefined) {
    try {
      const found = asMapping(JSON.parse(await readFile(args.values.map, 'utf8')));
      if (!found)
        throw new Error('not a column mapping (date, symbol, quantity, price and optional columns)');
      mapping = found;
    } catch (error) {
      process.stderr.write(`${args.values.map}: ${(error as Error).message}\n`);
      return 2;
    }
  }
  const sellsFromFlat = args.values['sells-from-flat'];
  if (sellsFromFlat !== undefined && sellsFromFlat !== 'short' && sellsFromFlat !== 'held') {
    process.stderr.write(`--sells-from-flat takes short or held, not "${sellsFromFlat}"\n${USAGE}\n`);
    return 2;
  }
  try {
    const analysis = analyzeFile(text, {
      date: args.values.date,
      timeZone: args.values.tz,
      mapping,
      sellsFromFlat,
    });
    process.stdout.write(`${orderedJson(analysis)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof ImportError)) throw error;
    process.stderr.write(`${file}: ${error.message}\n`);
    return 1;
  }
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      date: { type: 'string' },
      tz: { type: 'string' },
      map: { type: 'string' },
      'sells-from-flat': { type: 'string' },
      formats: { type: 'boolean' },
      markdown: { type: 'boolean' },
    },
  });
}

process.exitCode = await main();
