import { useEffect, useRef, useState } from "react";
import { formatEuros } from "../../../domain/money";

/** One series of a chart: its name, colour, bars or a line, and one value (cents) per category. */
export type ChartSeries = { label: string; color: string; kind: "bars" | "line"; cents: number[] };

const HEIGHT = 260;

/**
 * A bar chart drawn by uPlot, which is imported here only, when a chart is first shown, so no other
 * page downloads it. The chart is a picture of the table that always follows it (the accessible
 * figures): it is hidden from screen readers, and if uPlot cannot draw (no canvas) only the table
 * remains.
 */
export function FinanceChart({
  title,
  categories,
  series,
}: {
  title: string;
  categories: string[];
  series: ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element || categories.length === 0) return;
    let plot: { destroy(): void } | null = null;
    let cancelled = false;
    void import("./uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const bars = UPlot.paths.bars!({ size: [0.6, 60], align: 0 });
        const x = categories.map((_, i) => i);
        plot = new UPlot(
          {
            width: Math.max(320, element.clientWidth),
            height: HEIGHT,
            scales: { x: { time: false, range: [-0.6, categories.length - 0.4] } },
            axes: [
              {
                splits: () => x,
                values: (_, splits) => splits.map((i) => categories[i] ?? ""),
              },
              { values: (_, splits) => splits.map((c) => formatEuros(Math.round(c))), size: 80 },
            ],
            series: [
              {},
              ...series.map((s) => ({
                label: s.label,
                stroke: s.color,
                width: 2,
                ...(s.kind === "bars"
                  ? { fill: s.color, paths: bars, points: { show: false } }
                  : { points: { show: true, size: 6 } }),
                value: (_: unknown, v: number | null) => (v === null ? "" : formatEuros(Math.round(v))),
              })),
            ],
          },
          [x, ...series.map((s) => s.cents)],
          element,
        );
        setDrawn(true);
      })
      .catch(() => setDrawn(false));
    return () => {
      cancelled = true;
      plot?.destroy();
    };
  }, [categories, series]);

  return (
    <figure className="finance-chart" aria-hidden="true" data-drawn={drawn ? "true" : "false"}>
      <figcaption className="muted">{title}</figcaption>
      <div ref={box} />
    </figure>
  );
}
