import { useEffect, useId, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Cumulative net P&L by exit time (its own chunk: uPlot loads only with the statistics). */
export default function PnlChart({
  series,
  description,
}: {
  series: [number[], number[]];
  /** The same curve in words (trade-view.ts cumulativeDescription). */
  description: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const summaryId = useId();
  // Made once; a new curve (another filter) is handed to it, which redraws without rebuilding.
  const first = useRef(series);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const chart = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 220,
        legend: { show: false },
        series: [{}, { label: 'Cumulative net', stroke: '#34d27b', width: 2 }],
        axes: [
          { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
          { stroke: '#a9b8cc', grid: { stroke: '#243754' } },
        ],
      },
      first.current,
      el,
    );
    plot.current = chart;
    const resize = new ResizeObserver(() => chart.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, []);
  useEffect(() => {
    if (plot.current && plot.current.data !== series) plot.current.setData(series);
  }, [series]);
  return (
    <figure className="pnl-chart">
      <figcaption>Cumulative P&L</figcaption>
      <div ref={box} role="img" aria-label="Cumulative net P&L chart" aria-describedby={summaryId} />
      <p id={summaryId} className="pnl-chart__summary">
        {description}
      </p>
    </figure>
  );
}
