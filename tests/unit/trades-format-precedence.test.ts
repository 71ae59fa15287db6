import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BrokerFormat } from '../../functions/_lib/trades/brokers/format.ts';
import {
  BROKER_FORMATS,
  detect,
  onUndeclaredTie,
  precedes,
} from '../../functions/_lib/trades/brokers/index.ts';
import { seeded } from '../support/seeded.ts';

// Which format a header is read as depends on the header alone: coverage, score, then each format's
// declared `beats`, never on where a format sits in the registry.
const DIRS = [
  new URL('../fixtures/brokers/', import.meta.url),
  new URL('../../../shared/fixtures/brokers/', import.meta.url),
];

const FIXTURES = DIRS.flatMap((dir) => {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return []; // shared/ is beside the checkout on developers' machines and in CI; not elsewhere.
  }
  return names
    .filter((name) => /\.(?:csv|xml)$/.test(name))
    .map((name) => ({ name, text: readFileSync(new URL(name, dir), 'utf8') }));
});

/** A seeded shuffle, so a failure names an order that can be run again. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  const { next } = seeded(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const outcome = (text: string, formats: readonly BrokerFormat[]) => {
  const { found, closest } = detect(text, formats);
  return {
    format: found?.format.id ?? null,
    line: found?.headerLine ?? null,
    closest: closest.map((near) => near.format.id),
  };
};

describe('format precedence', () => {
  it('reads the fixtures of both fixture folders', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(39);
  });

  it.each(FIXTURES.map(({ name }) => name))('%s is read the same whatever the registry order', (name) => {
    const text = FIXTURES.find((fixture) => fixture.name === name)?.text ?? '';
    const want = outcome(text, BROKER_FORMATS);
    expect(outcome(text, [...BROKER_FORMATS].reverse()), 'reversed').toEqual(want);
    for (let seed = 1; seed <= 20; seed++) {
      expect(outcome(text, shuffled(BROKER_FORMATS, seed)), `seed ${seed}`).toEqual(want);
    }
  });

  it('meets no tie that a format does not declare (`beats`)', () => {
    const ties: string[] = [];
    onUndeclaredTie((a, b) => ties.push(`${a} / ${b}`));
    try {
      for (const { text } of FIXTURES) detect(text);
    } finally {
      onUndeclaredTie(null);
    }
    expect([...new Set(ties)]).toEqual([]);
  });

  it('is one order: a declared `beats` wins either way round, and the ids settle the rest', () => {
    const [a, b] = BROKER_FORMATS;
    if (!a || !b) throw new Error('registry empty');
    expect(precedes(a, b)).toBe(!precedes(b, a));
    expect(precedes({ ...b, beats: [a.id] }, a)).toBe(true);
    expect(precedes(a, { ...b, beats: [a.id] })).toBe(false);
  });
});
