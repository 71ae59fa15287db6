import type { BrokerFormat } from './format.ts';

/** A table cell: a `|` inside would end it early. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s+/g, ' ').trim();

/**
 * The formats read, as the Markdown table of docs/broker-formats.md (`npm run trades:parse --
 * --formats --markdown` prints it; a test keeps the page equal to it): made from each format's own
 * description, so a format added to the registry is documented by the same change.
 */
export function formatsMarkdown(formats: readonly BrokerFormat[]): string {
  const rows = formats.map(({ id, info }) =>
    [cell(info.broker), `${cell(info.export)} (\`${id}\`)`, cell(info.where), cell(info.lacks)].join(' | '),
  );
  return [
    '| Broker | Export (`--formats` id) | Where to download it | What the file lacks |',
    '|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
