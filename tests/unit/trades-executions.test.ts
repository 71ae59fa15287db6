import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sortExecutions } from '../../functions/_lib/trades/executions.ts';
import { analyzeFile } from '../../functions/_lib/trades/import-file.ts';
import { fill } from '../support/trades.ts';

const das = readFileSync(new URL('../fixtures/brokers/das.csv', import.meta.url), 'utf8');

describe('executions', () => {
  it('normalises a DAS row', () => {
    const { executions } = analyzeFile(das, { date: '2026-03-16' });
    const cover = executions.find((e) => e.symbol === 'ALPP' && e.side === 'buy');
    expect(cover).toMatchObject({
      broker: 'das',
      account: 'CBX40817',
      currency: 'USD',
      time: '2026-03-16T10:40:33',
      epochMs: Date.parse('2026-03-16T14:40:33Z'),
      intent: null,
      qty: '5000',
      price: '0.298',
      fees: '0.15',
      orderId: 'ORD1005',
      execId: null,
      line: 6,
    });
  });

  it('gives two partial fills of one order different fingerprints, and duplicate rows a counter', () => {
    const lines = das.trimEnd().split('\n');
    const doubled = [...lines, lines.at(-1) ?? ''].join('\n');
    const prints = analyzeFile(doubled, { date: '2026-03-16' }).executions.map((e) => e.fingerprint);
    expect(new Set(prints).size).toBe(prints.length);
    expect(prints.filter((p) => p.includes('|HMBL|buy|')).length).toBe(3);
    expect(prints.some((p) => p.endsWith('#2'))).toBe(true);
  });

  it('orders by time, opening fills first on equal stamps, then by file order', () => {
    const sorted = sortExecutions([
      fill({ time: '2026-03-16T09:31:00', side: 'sell', qty: '1', price: '1' }, 1),
      fill({ time: '2026-03-16T09:30:00', side: 'sell', intent: 'close', qty: '1', price: '1' }, 2),
      fill({ time: '2026-03-16T09:30:00', side: 'buy', intent: 'close', qty: '1', price: '1' }, 3),
      fill({ time: '2026-03-16T09:30:00', side: 'sell', intent: 'open', qty: '1', price: '1' }, 4),
      fill({ time: '2026-03-16T09:30:00', side: 'buy', qty: '1', price: '1' }, 5),
    ]);
    expect(sorted.map((e) => e.line)).toEqual([4, 5, 2, 3, 1]);
  });

  it('keeps the browser-side modules free of Node and DOM APIs (they will run in a Web Worker)', () => {
    const root = new URL('../../functions/_lib/trades/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = readFileSync(new URL(file, root), 'utf8');
      expect(source, file).not.toMatch(/from 'node:|\bprocess\.|\bwindow\.|\bdocument\.|\brequire\(/);
    }
  });
});
