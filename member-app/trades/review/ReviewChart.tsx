import {
  type AutoscaleInfo,
  CandlestickSeries,
  createChart,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  LineStyle,
  TickMarkType,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { useEffect, useRef, useState } from 'react';
import {
  BUY_COLOUR,
  chartSeries,
  crosshairText,
  fillClock,
  fillMarkers,
  fillPoints,
  fillsNear,
  groupDigits,
  priceFormat,
  type Review,
  type ReviewFill,
  SELL_COLOUR,
  tickText,
  withLevels,
} from './chart-data.ts';

const TICK_KIND = {
  [TickMarkType.Year]: 'year',
  [TickMarkType.Month]: 'month',
  [TickMarkType.DayOfMonth]: 'day',
  [TickMarkType.Time]: 'time',
  [TickMarkType.TimeWithSeconds]: 'time',
} as const;

/** Every time handed to the chart is a fake-UTC second (chart-data.ts). */
const at = (time: number) => time as UTCTimestamp;

interface Tip {
  x: number;
  y: number;
  fills: ReviewFill[];
}

/**
 * The trip on its price chart (lightweight-charts, in this chunk alone): candles, volume in a pane
 * below, each fill as an arrow at its exact price, the plan's stop and target as lines. Times are
 * New York wall times (chart-data.ts); hovering a fill's minute lists its fills. The canvas is one
 * image to assistive technology, labelled with the chart in words; the fills table says the rest.
 */
export default function ReviewChart({ review, summary }: { review: Review; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [tip, setTip] = useState<Tip | null>(null);
  const dateOnly = review.trip.dateOnly;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const { bars, fills, plan } = review;
    const resolution = bars.resolution;
    const style = getComputedStyle(el);
    const muted = style.getPropertyValue('--text-muted').trim() || '#a9b8cc';
    const border = style.getPropertyValue('--border').trim() || '#243754';
    const chart = createChart(el, {
      autoSize: true,
      layout: { background: { color: 'transparent' }, textColor: muted, fontFamily: style.fontFamily },
      grid: { vertLines: { color: border }, horzLines: { color: border } },
      rightPriceScale: { borderColor: border },
      timeScale: {
        borderColor: border,
        timeVisible: resolution === 'minute',
        secondsVisible: false,
        tickMarkFormatter: (time: Time, type: TickMarkType) => tickText(time as number, TICK_KIND[type]),
      },
      localization: { timeFormatter: (time: Time) => crosshairText(time as number, resolution) },
    });
    const { candles, volume } = chartSeries(bars.bars, fills, resolution);
    const format = priceFormat(bars.bars, [...fills.map((f) => f.price), plan.stop, plan.target]);
    const price = chart.addSeries(CandlestickSeries, {
      priceFormat: format,
      upColor: BUY_COLOUR,
      downColor: SELL_COLOUR,
      wickUpColor: BUY_COLOUR,
      wickDownColor: SELL_COLOUR,
      borderVisible: false,
    });
    price.setData(candles.map((c) => ({ ...c, time: at(c.time) })));
    // The fills' own points, drawn as nothing: their markers stay on their minute even where it has no bar.
    const marks = chart.addSeries(LineSeries, {
      priceFormat: format,
      lineVisible: false,
      pointMarkersVisible: false,
      crosshairMarkerVisible: false,
      lastValueVisible: false,
      priceLineVisible: false,
      autoscaleInfoProvider: (original: () => AutoscaleInfo | null) => {
        const base = original();
        const priceRange = withLevels(base?.priceRange ?? null, [plan.stop, plan.target]);
        return priceRange ? { ...base, priceRange } : null;
      },
    });
    marks.setData(fillPoints(fills, resolution).map((p) => ({ ...p, time: at(p.time) })));
    const shares = chart.addSeries(
      HistogramSeries,
      { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
      1,
    );
    shares.setData(
      volume.map((v) =>
        'value' in v
          ? { time: at(v.time), value: v.value, color: v.up ? `${BUY_COLOUR}80` : `${SELL_COLOUR}80` }
          : { time: at(v.time) },
      ),
    );
    chart.panes()[1]?.setStretchFactor(0.25);
    createSeriesMarkers(
      marks,
      fillMarkers(fills, resolution).map((m) => ({ ...m, time: at(m.time) })),
    );
    const level = (value: string | null, title: string, color: string) => {
      if (value !== null)
        price.createPriceLine({
          price: Number(value),
          color,
          title,
          lineStyle: LineStyle.Dashed,
          lineWidth: 1,
        });
    };
    level(plan.stop, 'Stop', SELL_COLOUR);
    level(plan.target, 'Target', BUY_COLOUR);
    chart.timeScale().fitContent();
    chart.subscribeCrosshairMove(({ time, point }) => {
      const near = time === undefined || !point ? [] : fillsNear(fills, time as number, resolution);
      setTip(near.length > 0 && point ? { x: point.x, y: point.y, fills: near } : null);
    });
    return () => chart.remove();
  }, [review]);

  return (
    <div className="review-chart__frame">
      <div ref={box} className="review-chart__box" role="img" aria-label={summary} />
      <span className="review-chart__zone" aria-hidden="true">
        {dateOnly ? 'Daily bars' : 'Times ET (New York)'}
      </span>
      {tip && (
        <div
          className="review-chart__tip"
          aria-hidden="true"
          style={{ left: tip.x, top: tip.y }}
          data-side={tip.x > (box.current?.clientWidth ?? 0) / 2 ? 'left' : 'right'}
        >
          {tip.fills.map((fill) => (
            <p key={fill.id} className={fill.side === 'buy' ? 'is-buy' : 'is-sell'}>
              {fillClock(fill, dateOnly)} · {fill.side === 'buy' ? 'Buy' : 'Sell'} {groupDigits(fill.qty)} @{' '}
              {fill.price}
            </p>
          ))}
        </div>
      )}
    </div>
  );
}
