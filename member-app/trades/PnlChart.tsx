import type uPlot from 'uplot';
import { useUplotChart } from '../components/uplot-chart.ts';
import { amountRange, timeRange } from './chart-range.ts';

const options = (el: HTMLDivElement): Omit<uPlot.Options, 'width' | 'height'> => ({
  legend: { show: false },
  // The axes span the trades shown (chart-range.ts): one trade is a point with hours around it.
  scales: {
    x: {
      time: true,
      // One exit: uPlot has already widened it by 1,000 days; the data says it is one point.
      range: (u, min, max) => {
        const xs = u.data[0];
        return xs.length > 0 && xs[0] === xs[xs.length - 1]
          ? timeRange(xs[0] ?? null, xs[0] ?? null)
          : timeRange(min, max);
      },
    },
    y: { range: (_, min, max) => amountRange(min, max) },
  },
  // The drawn span, readable from the page (axis labels are drawn on the canvas).
  hooks: {
    setScale: [
      (u, key) => {
        const { min, max } = u.scales[key] ?? {};
        if (key === 'x' || key === 'y') el.dataset[`${key}Range`] = `${min} ${max}`;
      },
    ],
  },
  series: [{}, { label: 'Cumulative net', stroke: '#34d27b', width: 2 }],
  axes: [
    { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
    { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
  ],
});

/** Cumulative net P&L by exit time (its own chunk: uPlot loads only with the statistics). */
export default function PnlChart({
  series,
  description,
}: {
  series: [number[], number[]];
  /** The same curve in words (chart-series.ts cumulativeDescription). */
  description: string;
}) {
  // Made once; a new curve (another filter) is handed to it, which redraws without rebuilding.
  const { box, summaryId } = useUplotChart(series, 220, options);
  return (
    <figure className="pnl-chart">
      <figcaption>Cumulative P&L</figcaption>
      <div
        ref={box}
        className="pnl-chart__plot"
        role="img"
        aria-label="Cumulative net P&L chart"
        aria-describedby={summaryId}
      />
      <p id={summaryId} className="pnl-chart__summary">
        {description}
      </p>
    </figure>
  );
}
