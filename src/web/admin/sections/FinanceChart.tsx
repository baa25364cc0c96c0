import { useEffect, useRef, useState } from "react";
import { formatEuros } from "../../../domain/money";

/** One series of a chart: its name, colour, bars or a line, and one value (cents) per category. */
export type ChartSeries = { label: string; color: string; kind: "bars" | "line"; cents: number[] };

const HEIGHT = 260;
/** Room one category's label needs on the x axis, in CSS pixels. */
const LABEL_PX = 64;

/**
 * A bar chart drawn by uPlot, which is imported here only, when a chart is first shown, so no other
 * page downloads it. The chart is a picture of the table that always follows it (the accessible
 * figures): it is hidden from screen readers, and if uPlot cannot draw (no canvas) only the table
 * remains. It is as wide as its box (followed as the box resizes, so a phone gets a phone-wide
 * chart), labels every n-th category when they would overlap, and has a legend of its own (the
 * series' names and colours) instead of uPlot's live one, which read "Value: --" until hovered.
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
    let resize: ResizeObserver | null = null;
    let cancelled = false;
    void import("./uplot")
      .then(({ default: UPlot }) => {
        if (cancelled) return;
        const bars = UPlot.paths.bars!({ size: [0.6, 60], align: 0 });
        const x = categories.map((_, i) => i);
        const chart = new UPlot(
          {
            width: element.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            scales: { x: { time: false, range: [-0.6, categories.length - 0.4] } },
            axes: [
              {
                splits: () => x,
                values: (u, splits) => {
                  const every = Math.max(
                    1,
                    Math.ceil((categories.length * LABEL_PX) / Math.max(1, u.bbox.width / devicePixelRatio)),
                  );
                  return splits.map((i) => (i % every === 0 ? (categories[i] ?? "") : ""));
                },
              },
              { values: (_, splits) => splits.map((c) => formatEuros(Math.round(c))), size: 72 },
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
        plot = chart;
        if (typeof ResizeObserver !== "undefined") {
          resize = new ResizeObserver(() => chart.setSize({ width: element.clientWidth, height: HEIGHT }));
          resize.observe(element);
        }
        setDrawn(true);
      })
      .catch(() => setDrawn(false));
    return () => {
      cancelled = true;
      resize?.disconnect();
      plot?.destroy();
    };
  }, [categories, series]);

  return (
    <figure className="finance-chart" aria-hidden="true" data-drawn={drawn ? "true" : "false"}>
      <figcaption className="muted">{title}</figcaption>
      <div ref={box} className="finance-chart__plot" />
      <ul className="finance-chart__legend">
        {series.map((s) => (
          <li key={s.label}>
            <span
              className={`finance-chart__key finance-chart__key-${s.kind}`}
              style={{ background: s.color }}
            />
            {s.label}
          </li>
        ))}
      </ul>
    </figure>
  );
}
