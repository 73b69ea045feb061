import { BarChart, FunnelChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

// Only the chart kinds the 数据看板 draws: the console's dashboard chunk carries these, no buyer page does.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  FunnelChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

function canDraw(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/**
 * One ECharts chart sized to its box (redrawn when the box resizes). `label` says in words what
 * it shows, for screen readers; the figures are also in the table beside it.
 */
export function EChart({ option, label, height = 280 }: { option: ChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    // no canvas (a test's document): the table beside the chart still has the figures
    if (!canDraw()) return undefined;
    chart.current = echarts.init(element, undefined, { renderer: 'canvas' });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.current?.resize());
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, true);
  }, [option]);

  return <div ref={box} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
