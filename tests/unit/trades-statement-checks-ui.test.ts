import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { detect } from '../../functions/_lib/trades/brokers/index.ts';
import { readRows } from '../../functions/_lib/trades/brokers/table.ts';
import { matchRoundTrips } from '../../functions/_lib/trades/round-trips.ts';
import { statementChecks } from '../../functions/_lib/trades/statement-checks.ts';
import { checkLine, StatementChecks } from '../../member-app/trades/import/StatementChecks.tsx';

/** The checks of a fixture, read as the import reads it. */
function checksOf(name: string) {
  const text = readFileSync(new URL(`../fixtures/brokers/${name}`, import.meta.url), 'utf8');
  const found = detect(text).found;
  if (!found) throw new Error('no format found');
  const parsed = found.format.parse(readRows(text, found.delimiter), {
    timeZone: 'America/New_York',
    headerLine: found.headerLine,
  });
  // As if plain sells from flat were answered "held before": the reading that differs from the file.
  return statementChecks(parsed.stated, matchRoundTrips(parsed.executions, { sellsFromFlat: () => 'held' }));
}

/** The markup's text, tags dropped: what a screen reader reads. */
const text = (html: string) => html.replace(/<[^>]+>/g, '').replaceAll('&#x27;', "'");

describe('The file’s own totals in the import preview', () => {
  const checks = checksOf('thinkorswim-papermoney.csv');

  it('writes one line a figure: the file’s and the reading’s, minus signs and thousands as members read them', () => {
    expect(checks.map(checkLine)).toEqual([
      'AMD — shares at the end: file 100 long, read 100 long',
      'NVDA — P/L Day: file 99.00, read −431.00 before fees',
      'NVDA — shares at the end: file 0, read 500 long',
      'SOFI — P/L Day: file 70.00, read 70.00 before fees',
      'SOFI — shares at the end: file 0, read 0',
    ]);
    expect(checksOf('ibkr-statement-positions.csv').map(checkLine)).toContain(
      'SNDL — shares at the end: file 1,500 long, read 0',
    );
  });

  it('lists them under a heading, each marked in words, with why a difference may be', () => {
    const html = renderToStaticMarkup(createElement(StatementChecks, { checks }));
    expect(html).toMatch(/<h3 id="import-checks-title">The file(&#x27;|')s own totals<\/h3>/);
    expect(html.match(/<li /g)).toHaveLength(5);
    expect(html.match(/data-check="differs"/g)).toHaveLength(2);
    const lines = [...html.matchAll(/<li [^>]*>(.*?)<\/li>/g)].map((match) => text(match[1] ?? ''));
    expect(lines[0]).toBe('✓ Matches AMD — shares at the end: file 100 long, read 100 long');
    expect(lines[1]).toBe(
      '✗ Differs NVDA — P/L Day: file 99.00, read −431.00 before fees (500 shares sold were read as closing a position held before the file)',
    );
    expect(text(html)).toContain('2 of 5 figures differ from what the fills add up to.');
    // The marks are decoration: the words say it.
    expect(html).toContain('<span aria-hidden="true">✗</span> Differs');
  });

  it('renders nothing for a file that states nothing', () => {
    expect(renderToStaticMarkup(createElement(StatementChecks, { checks: [] }))).toBe('');
  });
});
