import type uPlot from 'uplot';
import { useUplotChart } from '../components/uplot-chart.ts';

const WEEK_S = 7 * 86_400;

/** Members on the left axis, MRR on the right. */
const options = (): Omit<uPlot.Options, 'width' | 'height'> => ({
  scales: {
    // One day drawn (the first day of figures): uPlot has already widened it by years by the
    // time the range is asked; the data says it is one day, shown with a week around it.
    x: {
      time: true,
      range: (u, min, max) => {
        const xs = u.data[0];
        const only = xs.length > 0 && xs[0] === xs[xs.length - 1] ? xs[0] : undefined;
        return only === undefined ? [min, max] : [only - WEEK_S / 2, only + WEEK_S / 2];
      },
    },
    members: { auto: true },
    mrr: { auto: true },
  },
  series: [
    {},
    { label: 'Active members', scale: 'members', stroke: '#34d27b', width: 2 },
    { label: 'MRR ($)', scale: 'mrr', stroke: '#93c5fd', width: 2 },
  ],
  axes: [
    { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
    { scale: 'members', stroke: '#a9b8cc', grid: { stroke: '#243754' } },
    { scale: 'mrr', side: 1, stroke: '#a9b8cc', grid: { show: false } },
  ],
});

/**
 * Active members (left axis) and MRR (right axis) by day: its own chunk, so uPlot loads only when
 * the Money tab is opened. Drawn as the trades' P&L chart is (uplot-chart.ts); new figures are
 * handed to the same chart.
 */
export default function MoneyChart({
  series,
  description,
}: {
  series: [number[], number[], number[]];
  /** The same curves in words (figures-format.ts chartDescription). */
  description: string;
}) {
  const { box, summaryId } = useUplotChart(series, 240, options);
  return (
    <figure className="console-money__chart">
      <div ref={box} role="img" aria-label="Active members and MRR by day" aria-describedby={summaryId} />
      <p id={summaryId} className="muted">
        {description}
      </p>
    </figure>
  );
}
