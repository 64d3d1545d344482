import { LineChart, PieChart, type LineSeriesOption, type PieSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { use, type ComposeOption } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import type { useThemeVars } from 'naive-ui';

/**
 * Only what the insights panel draws, so the bundle carries two chart types rather than all of
 * ECharts. SVG rather than canvas: a few small charts, crisp at any zoom, and their parts are
 * elements a test can find.
 */
use([PieChart, LineChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export type InsightsChartOption = ComposeOption<
  PieSeriesOption | LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption
>;

type ThemeVars = ReturnType<typeof useThemeVars>['value'];

/** The sentiments' colors, the same on every chart and in the legends. */
export function sentimentColors(theme: ThemeVars) {
  return { positive: theme.successColor, neutral: theme.textColor3, negative: theme.errorColor };
}

/**
 * What every chart shares, from Naive UI's theme variables: text, axes and tooltips follow the
 * light or dark theme the app is in, without a second ECharts theme to keep in step.
 */
export function chartBase(theme: ThemeVars): InsightsChartOption {
  return {
    backgroundColor: 'transparent',
    textStyle: { color: theme.textColor2, fontFamily: theme.fontFamily, fontSize: 12 },
    animationDuration: 300,
    tooltip: {
      backgroundColor: theme.popoverColor,
      borderColor: theme.dividerColor,
      textStyle: { color: theme.textColor1, fontSize: 12 },
    },
  };
}

/** A category axis of days and a value axis, in the theme's colors. */
export function dayAxes(
  theme: ThemeVars,
  days: string[],
): Pick<InsightsChartOption, 'xAxis' | 'yAxis' | 'grid'> {
  return {
    grid: { left: 8, right: 12, top: 28, bottom: 4, containLabel: true },
    xAxis: {
      type: 'category',
      data: days,
      boundaryGap: false,
      axisLine: { lineStyle: { color: theme.dividerColor } },
      axisTick: { show: false },
      axisLabel: { color: theme.textColor3, formatter: shortDay, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      minInterval: 1,
      splitLine: { lineStyle: { color: theme.dividerColor } },
      axisLabel: { color: theme.textColor3 },
    },
  };
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-03-04" as "Mar 4": the service's days are calendar days, read without a time zone shift. */
export function shortDay(day: string): string {
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
}
