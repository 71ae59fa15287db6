import type uPlot from 'uplot';
import { useUplotChart } from '../components/uplot-chart.ts';
import { CHART_LINES, count, dayOfSeconds, dollars, legendValue } from './figures-format.ts';

const WEEK_S = 7 * 86_400;
/** Each line its own colour and stroke, the axis beside it in the same colour: told apart even where they cross. */
const MEMBERS = { stroke: '#34d27b', dash: [] as number[] };
const MRR = { stroke: '#f5b942', dash: [8, 5] };

/**
 * The legend names each line and gives its value on the day under the cursor, or on the latest
 * day otherwise: never uPlot's bare "--".
 */
const legendOf =
  (format: (value: number) => string): uPlot.Series.Value =>
  (u, _raw, seriesIdx, index) =>
    legendValue(u.data[seriesIdx] ?? [], index, format);

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
  legend: {
    // The marker drawn as the line is: solid or dashed, in its colour.
    markers: { dash: (u, i) => ((u.series[i]?.dash?.length ?? 0) > 0 ? 'dashed' : 'solid') },
  },
  series: [
    { label: 'Day', value: legendOf(dayOfSeconds) },
    {
      label: CHART_LINES.members,
      scale: 'members',
      width: 2,
      ...MEMBERS,
      value: legendOf(count),
    },
    {
      label: CHART_LINES.mrr,
      scale: 'mrr',
      width: 2,
      ...MRR,
      value: legendOf((v) => dollars(v.toFixed(2))),
    },
  ],
  axes: [
    { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
    { scale: 'members', label: CHART_LINES.members, stroke: MEMBERS.stroke, grid: { stroke: '#243754' } },
    {
      scale: 'mrr',
      label: `${CHART_LINES.mrr} ($)`,
      side: 1,
      stroke: MRR.stroke,
      grid: { show: false },
    },
  ],
});

/**
 * Active members (left axis, solid green) and MRR (right axis, dashed amber) by day: its own chunk,
 * so uPlot loads only when the Money tab is opened. Drawn as the trades' P&L chart is
 * (uplot-chart.ts); new figures are handed to the same chart.
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
