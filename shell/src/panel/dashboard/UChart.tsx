import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { Language } from '@proxy/contract/languages';
import { usePanelT } from '../use-panel-t.ts';
import styles from './Dashboard.module.css';

const HOUR = 3600;

/**
 * Times as the page's language writes them (uPlot's own are US English: "Time", "12/7 3pm"): hours and minutes for a
 * chart of a day or two, the day and month for a longer one; the legend's hover value with both.
 */
export function timeFormats(language: Language, spanSeconds: number) {
  const locale = language === 'ru' ? 'ru-RU' : 'en-GB';
  const tick = new Intl.DateTimeFormat(
    locale,
    spanSeconds <= 36 * HOUR ? { hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short' },
  );
  const point = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
  return {
    tick: (seconds: number) => tick.format(new Date(seconds * 1000)),
    point: (seconds: number) => point.format(new Date(seconds * 1000)),
  };
}

/**
 * The value axis as wide as its longest label ("RUB 10,000" is wider than "10 000 ₽"): a fixed width cut the
 * English money labels to "UB 5,000" (#49). Measured on the chart's canvas in the axis's font; uPlot asks again as the
 * labels change.
 */
export function axisWidth(chart: uPlot, labels: readonly string[] | null, index: number): number {
  // Drawn, uPlot keeps an axis's font as [CSS font, size] and its ticks as an object (the options' types say neither).
  const axis = chart.axes[index] as { font?: unknown; gap?: number; ticks?: { size?: number } } | undefined;
  const longest = (labels ?? []).reduce((widest, label) => (label.length > widest.length ? label : widest), '');
  if (Array.isArray(axis?.font)) chart.ctx.font = String(axis.font[0]);
  const text = longest === '' ? 0 : chart.ctx.measureText(longest).width / devicePixelRatio;
  return Math.ceil((axis?.ticks?.size ?? 0) + (axis?.gap ?? 0) + text + 4);
}

export interface ChartSeries {
  readonly label: string;
  readonly values: readonly number[];
  readonly color: string;
}

interface UChartProps {
  /** The x axis: seconds since the epoch, one per value. */
  readonly times: readonly number[];
  readonly series: readonly ChartSeries[];
  /** How a value reads on the axis and in the legend (money in roubles, a count). */
  readonly format: (value: number) => string;
  /** What the chart shows, for screen readers (the figures beside it carry the numbers). */
  readonly label: string;
  readonly height?: number;
}

/**
 * A line chart drawn by uPlot (canvas, ~50 KB, no dependencies), imported only when a panel chart mounts: the public
 * site's first paint never carries it. It follows its box's width.
 */
export function UChart({ times, series, format, label, height = 180 }: UChartProps) {
  const { t, language } = usePanelT();
  const timeLabel = t('dashboard.time');
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    let chart: uPlot | undefined;
    let gone = false;
    const observer = new ResizeObserver(() => chart?.setSize({ width: element.clientWidth, height }));
    // A chart that cannot be drawn (its chunk not loaded, no canvas) leaves the figures beside it, which carry the numbers.
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (gone) return;
        const when = timeFormats(language, (times.at(-1) ?? 0) - (times[0] ?? 0));
        chart = new UPlot(
          {
            width: element.clientWidth,
            height,
            series: [
              { label: timeLabel, value: (_: uPlot, v: number | null) => (v === null ? '' : when.point(v)) },
              ...series.map((line) => ({
                label: line.label,
                stroke: line.color,
                width: 2,
                value: (_: uPlot, v: number | null) => (v === null ? '' : format(v)),
              })),
            ],
            axes: [
              { values: (_: uPlot, ticks: number[]) => ticks.map(when.tick) },
              { values: (_: uPlot, ticks: number[]) => ticks.map(format), size: axisWidth },
            ],
            scales: { x: { time: true } },
          },
          [[...times], ...series.map((line) => [...line.values])],
          element,
        );
        observer.observe(element);
      },
      () => undefined,
    );
    return () => {
      gone = true;
      observer.disconnect();
      chart?.destroy();
    };
  }, [times, series, format, height, language, timeLabel]);
  return <div ref={box} className={styles.chart} role="img" aria-label={label} />;
}
