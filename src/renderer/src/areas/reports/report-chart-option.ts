import type { ReportPreviewView } from '../../../../shared/contract/index.ts';
import { brandLabel } from '../../app/brands-store.ts';
import { channelLabel, metricLabel } from './report-labels.ts';

type SeriesView = Extract<ReportPreviewView, { kind: 'series' }>;

/** A line's name: what it is the series of, without what every line shares. */
function seriesName(
  line: SeriesView['series'][number],
  varies: { brand: boolean; channel: boolean; metric: boolean },
) {
  const parts = [
    varies.brand || (!varies.channel && !varies.metric)
      ? line.brandId === null
        ? 'Benchmark'
        : brandLabel(line.brandId)
      : '',
    varies.channel ? channelLabel(line.channel) : '',
    varies.metric ? metricLabel(line.metric) : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

/**
 * The line chart of a graph report: one line per brand, channel and metric, over the union of
 * their dates (a point missing from a line is a gap, not a zero).
 */
export function lineChartOption(view: SeriesView, colors: { text: string; grid: string }) {
  const dates = [...new Set(view.series.flatMap((line) => line.points.map((p) => p.date)))].sort();
  const distinct = (pick: (line: SeriesView['series'][number]) => unknown) =>
    new Set(view.series.map(pick)).size > 1;
  const varies = {
    brand: distinct((l) => l.brandId),
    channel: distinct((l) => l.channel),
    metric: distinct((l) => l.metric),
  };
  return {
    backgroundColor: 'transparent',
    textStyle: { color: colors.text },
    tooltip: { trigger: 'axis' as const },
    legend: { type: 'scroll' as const, top: 0, textStyle: { color: colors.text } },
    grid: { left: 8, right: 16, top: 40, bottom: 8, containLabel: true },
    xAxis: {
      type: 'category' as const,
      data: dates,
      boundaryGap: false,
      axisLabel: { color: colors.text },
      axisLine: { lineStyle: { color: colors.grid } },
    },
    yAxis: {
      type: 'value' as const,
      axisLabel: { color: colors.text },
      splitLine: { lineStyle: { color: colors.grid } },
    },
    series: view.series.map((line) => {
      const byDate = new Map(line.points.map((p) => [p.date, p.value]));
      return {
        type: 'line' as const,
        name: seriesName(line, varies),
        showSymbol: dates.length <= 40,
        connectNulls: false,
        data: dates.map((date) => byDate.get(date) ?? null),
      };
    }),
  };
}
