import { describe, expect, it } from 'vitest';
import { reviewApi } from '../../functions/_lib/contract/review.ts';
import {
  chartSeries,
  chartSummary,
  crosshairText,
  decimalsOf,
  etSeconds,
  etText,
  fillClock,
  fillMarkers,
  fillPoints,
  fillsNear,
  priceFormat,
  type Review,
  type ReviewBar,
  type ReviewFill,
  tickText,
  withLevels,
} from '../../member-app/trades/review/chart-data.ts';

/** A UTC instant (ms) from its ISO text. */
const utc = (iso: string) => Date.parse(`${iso}Z`);
/** The fake-UTC second the chart uses for a New York wall time. */
const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;

const bar = (iso: string, o: number, h = o, l = o, c = o, v = 1000): ReviewBar => ({
  t: utc(iso),
  o,
  h,
  l,
  c,
  v,
});

let ids = 0;
const fill = (iso: string, side: 'buy' | 'sell', qty: string, price: string, time = iso): ReviewFill => ({
  id: `f${++ids}`,
  at: utc(iso),
  time,
  side,
  qty,
  price,
  fees: '0',
  note: '',
});

/** The whole answer, checked by the contract itself so the fixture is one the endpoint may send. */
function review(parts: Partial<Review> = {}): Review {
  const answer = {
    trip: {
      id: 'trade_0123456789abcdef',
      symbol: 'ABCD',
      account: 'main',
      currency: 'USD',
      side: 'long',
      shares: '5000',
      entry: '2026-03-16T09:31:05',
      exit: '2026-03-16T09:40:00',
      avgEntry: '0.0003',
      avgExit: '0.0005',
      gross: '1.0000',
      fees: '0',
      net: '1.0000',
      dateOnly: false,
    },
    fills: [],
    plan: { risk: null, stop: null, target: null },
    tags: [],
    bars: { state: 'bars', resolution: 'minute', bars: [], synthetic: false, message: null },
    excursion: { state: 'no data', reason: 'No bars for that day' },
    rules: [],
    ...parts,
  };
  return reviewApi['trades/review'].response.parse(answer);
}

describe('market time on the chart (America/New_York, daylight saving included)', () => {
  it('reads 9:30 ET as 09:30 on either side of the March change', () => {
    // 2026-03-08: clocks go forward. EST is UTC−5 before, EDT UTC−4 after.
    expect(etSeconds(utc('2026-03-06T14:30:00'))).toBe(wall('2026-03-06T09:30:00'));
    expect(etSeconds(utc('2026-03-09T13:30:00'))).toBe(wall('2026-03-09T09:30:00'));
  });

  it('reads 9:30 ET as 09:30 on either side of the November change', () => {
    // 2026-11-01: clocks go back.
    expect(etSeconds(utc('2026-10-30T13:30:00'))).toBe(wall('2026-10-30T09:30:00'));
    expect(etSeconds(utc('2026-11-02T14:30:00'))).toBe(wall('2026-11-02T09:30:00'));
  });

  it('writes instants as New York wall times', () => {
    expect(etText(utc('2026-03-16T13:31:05'))).toBe('2026-03-16 09:31:05');
    expect(etText(utc('2026-01-16T14:31:05'))).toBe('2026-01-16 09:31:05');
  });

  it('labels the axis and the crosshair with the wall time, ET', () => {
    const t = wall('2026-03-16T09:31:00');
    expect(tickText(t, 'time')).toBe('09:31');
    expect(tickText(t, 'day')).toBe('Mar 16');
    expect(tickText(t, 'month')).toBe('Mar');
    expect(tickText(t, 'year')).toBe('2026');
    expect(crosshairText(t, 'minute')).toBe('2026-03-16 09:31 ET');
    expect(crosshairText(wall('2026-03-16T00:00:00'), 'day')).toBe('2026-03-16');
  });
});

describe('sub-penny prices keep their decimals', () => {
  it.each([
    ['0.0003', 4],
    [0.0003, 4],
    ['1.50', 1],
    [2, 0],
    [1e-7, 7],
    [1.5e-7, 8],
    ['0.00015', 5],
  ])('%s has %i decimals', (value, decimals) => {
    expect(decimalsOf(value)).toBe(decimals);
  });

  it('sets the precision and step from the longest price of bars, fills and plan', () => {
    expect(priceFormat([bar('2026-03-16T13:30:00', 0.0003, 0.0004, 0.0002, 0.0003)], [])).toEqual({
      type: 'price',
      precision: 4,
      minMove: 0.0001,
    });
    expect(priceFormat([bar('2026-03-16T13:30:00', 0.01)], ['0.00015', null])).toEqual({
      type: 'price',
      precision: 5,
      minMove: 0.00001,
    });
  });

  it('shows cents at least, at most 8 decimals, and never a float error’s 17', () => {
    expect(priceFormat([bar('2026-03-16T13:30:00', 2.5)], []).precision).toBe(2);
    expect(priceFormat([bar('2026-03-16T13:30:00', 0.1 + 0.2)], []).precision).toBe(2);
    expect(priceFormat([bar('2026-03-16T13:30:00', 0.0003 + 0.00001)], []).precision).toBe(5);
    expect(priceFormat([], ['0.0000000001']).precision).toBe(8);
  });
});

describe('the plan in view', () => {
  it('widens the price range to the stop and the target', () => {
    expect(withLevels({ minValue: 0.0003, maxValue: 0.0005 }, ['0.0002', '0.0006'])).toEqual({
      minValue: 0.0002,
      maxValue: 0.0006,
    });
    expect(withLevels({ minValue: 0.0003, maxValue: 0.0005 }, [null, '0.0004'])).toEqual({
      minValue: 0.0003,
      maxValue: 0.0005,
    });
    expect(withLevels(null, ['0.01', null])).toEqual({ minValue: 0.01, maxValue: 0.01 });
    expect(withLevels(null, [null, null])).toBeNull();
  });
});

describe('minutes without a bar are gaps', () => {
  it('puts a gap in every missing minute between the first and the last bar of a day', () => {
    const bars = [
      bar('2026-03-16T13:30:00', 0.0003, 0.0004, 0.0002, 0.0004, 500),
      bar('2026-03-16T13:31:00', 0.0004, 0.0004, 0.0003, 0.0003, 700),
      bar('2026-03-16T13:34:00', 0.0003),
    ];
    const { candles, volume } = chartSeries(bars, [], 'minute');
    expect(candles).toEqual([
      { time: wall('2026-03-16T09:30:00'), open: 0.0003, high: 0.0004, low: 0.0002, close: 0.0004 },
      { time: wall('2026-03-16T09:31:00'), open: 0.0004, high: 0.0004, low: 0.0003, close: 0.0003 },
      { time: wall('2026-03-16T09:32:00') },
      { time: wall('2026-03-16T09:33:00') },
      { time: wall('2026-03-16T09:34:00'), open: 0.0003, high: 0.0003, low: 0.0003, close: 0.0003 },
    ]);
    expect(volume.map((v) => ('value' in v ? [v.value, v.up] : null))).toEqual([
      [500, true],
      [700, false],
      null,
      null,
      [1000, true],
    ]);
  });

  it('does not fill the night between two days minute by minute', () => {
    const bars = [
      bar('2026-03-16T19:58:00', 1), // 15:58 ET
      bar('2026-03-16T19:59:00', 1),
      bar('2026-03-17T13:30:00', 1), // 09:30 ET next day
      bar('2026-03-17T13:32:00', 1),
    ];
    const times = chartSeries(bars, [], 'minute').candles.map((c) => c.time);
    expect(times).toEqual([
      wall('2026-03-16T15:58:00'),
      wall('2026-03-16T15:59:00'),
      wall('2026-03-17T09:30:00'),
      wall('2026-03-17T09:31:00'),
      wall('2026-03-17T09:32:00'),
    ]);
  });

  it('keeps a trip over the clock change on its wall times', () => {
    // Friday 6 March (EST) and Monday 9 March (EDT), both at 09:30 ET.
    const bars = [bar('2026-03-06T14:30:00', 1), bar('2026-03-09T13:30:00', 1)];
    expect(chartSeries(bars, [], 'minute').candles.map((c) => c.time)).toEqual([
      wall('2026-03-06T09:30:00'),
      wall('2026-03-09T09:30:00'),
    ]);
  });

  it('gives a fill whose minute has no bar a point of its own, and spans the gap to it', () => {
    const bars = [bar('2026-03-16T13:31:00', 0.0003), bar('2026-03-16T13:32:00', 0.0003)];
    const fills = [
      fill('2026-03-16T13:29:40', 'buy', '5000', '0.0003'), // 09:29 ET, before the first bar
      fill('2026-03-16T13:34:10', 'sell', '5000', '0.0004'), // 09:34 ET, after the last
    ];
    const times = chartSeries(bars, fills, 'minute').candles.map((c) => [c.time, 'open' in c]);
    expect(times).toEqual([
      [wall('2026-03-16T09:29:00'), false],
      [wall('2026-03-16T09:30:00'), false],
      [wall('2026-03-16T09:31:00'), true],
      [wall('2026-03-16T09:32:00'), true],
      [wall('2026-03-16T09:33:00'), false],
      [wall('2026-03-16T09:34:00'), false],
    ]);
    const markers = fillMarkers(fills, 'minute');
    expect(markers.map((m) => m.time)).toEqual([wall('2026-03-16T09:29:00'), wall('2026-03-16T09:34:00')]);
  });

  it('gives the markers a point of their own at each fill minute (a gap on the candles holds no marker)', () => {
    const fills = [
      fill('2026-03-16T13:34:10', 'sell', '2500', '0.0004'),
      fill('2026-03-16T13:29:40', 'buy', '5000', '0.0003'),
      fill('2026-03-16T13:34:50', 'sell', '2500', '0.00041'),
    ];
    expect(fillPoints(fills, 'minute')).toEqual([
      { time: wall('2026-03-16T09:29:00'), value: 0.0003 },
      { time: wall('2026-03-16T09:34:00'), value: 0.0004 },
    ]);
    // Each marker keeps its own price, two in the same minute included.
    expect(fillMarkers(fills, 'minute').map((m) => m.price)).toEqual([0.0003, 0.0004, 0.00041]);
  });
});

describe('fill markers', () => {
  it('draws buys and sells apart, at their exact price and minute', () => {
    const fills = [
      fill('2026-03-16T13:31:05', 'buy', '5000', '0.0003'),
      fill('2026-03-16T13:40:59', 'sell', '12500.5', '0.00045'),
    ];
    expect(fillMarkers(fills, 'minute')).toEqual([
      {
        id: fills[0]?.id,
        time: wall('2026-03-16T09:31:00'),
        position: 'atPriceBottom',
        shape: 'arrowUp',
        color: '#34d27b',
        text: 'B 5,000',
        price: 0.0003,
      },
      {
        id: fills[1]?.id,
        time: wall('2026-03-16T09:40:00'),
        position: 'atPriceTop',
        shape: 'arrowDown',
        color: '#f87171',
        text: 'S 12,500.5',
        price: 0.00045,
      },
    ]);
  });

  it('lists the fills near the crosshair: its minute and the minutes either side', () => {
    const fills = [
      fill('2026-03-16T13:31:05', 'buy', '5000', '0.0003'),
      fill('2026-03-16T13:32:30', 'buy', '5000', '0.0003'),
      fill('2026-03-16T13:40:00', 'sell', '10000', '0.0004'),
    ];
    expect(fillsNear(fills, wall('2026-03-16T09:31:00'), 'minute')).toEqual(fills.slice(0, 2));
    expect(fillsNear(fills, wall('2026-03-16T09:35:00'), 'minute')).toEqual([]);
    expect(fillClock(fills[0] as ReviewFill, false)).toBe('09:31:05 ET');
  });
});

describe('dates-only trips: daily bars', () => {
  it('puts each daily bar and fill on its date, whichever midnight the bar starts at', () => {
    const bars = [
      bar('2026-03-13T04:00:00', 0.01), // midnight ET, Friday 13 March
      bar('2026-03-16T00:00:00', 0.011), // midnight UTC, Monday 16 March
    ];
    const fills = [
      fill('2026-03-13T04:00:00', 'buy', '1000', '0.01', '2026-03-13'),
      // A day without a bar (Tuesday): the fill gets its own point; the weekend stays out.
      fill('2026-03-17T04:00:00', 'sell', '1000', '0.012', '2026-03-17'),
    ];
    const { candles } = chartSeries(bars, fills, 'day');
    expect(candles.map((c) => [c.time, 'open' in c])).toEqual([
      [wall('2026-03-13T00:00:00'), true],
      [wall('2026-03-16T00:00:00'), true],
      [wall('2026-03-17T00:00:00'), false],
    ]);
    expect(fillMarkers(fills, 'day').map((m) => m.time)).toEqual([
      wall('2026-03-13T00:00:00'),
      wall('2026-03-17T00:00:00'),
    ]);
    expect(fillsNear(fills, wall('2026-03-13T00:00:00'), 'day')).toEqual([fills[0]]);
    expect(fillClock(fills[1] as ReviewFill, true)).toBe('2026-03-17');
  });
});

describe('the chart in words', () => {
  it('names the symbol, the span in ET, the fills and the plan', () => {
    const answer = review({
      fills: [
        fill('2026-03-16T13:31:05', 'buy', '5000', '0.0003'),
        fill('2026-03-16T13:40:00', 'sell', '5000', '0.0005'),
      ],
      plan: { risk: '10', stop: '0.0002', target: '0.0006' },
      bars: {
        state: 'bars',
        resolution: 'minute',
        bars: [bar('2026-03-16T13:30:00', 0.0003), bar('2026-03-16T13:45:00', 0.0005)],
        synthetic: false,
        message: null,
      },
    });
    expect(chartSummary(answer)).toBe(
      'Price chart of ABCD in 1-minute candles, 2026-03-16 09:30 to 2026-03-16 09:45 ET (2 bars); 2 fills marked (1 buy, 1 sell), listed in the table below; stop 0.0002, target 0.0006.',
    );
  });
});
