/** The value axis (round ticks, dashed grid lines) and the category axis of the kit's charts. */
import { theme } from 'antd';
import { axisNumber } from './frame.js';
import { axisTop, labelEvery, showsLabel, TICKS } from './scale.js';

export const PLOT_TOP = 16;
export const AXIS_HEIGHT = 24;
export const PLOT_RIGHT = 8;
/** Room for a category label of "MM-DD" and a little air. */
export const LABEL_WIDTH = 44;

export interface Plot {
  width: number;
  height: number;
  left: number;
  top: number;
  bottom: number;
  plotWidth: number;
  plotHeight: number;
  step: number;
  axisMax: number;
  /** The y of a value. */
  y: (value: number) => number;
  /** Width of one category's slot. */
  slot: number;
  every: number;
}

export function plotOf(width: number, height: number, count: number, max: number): Plot {
  const { step, top: axisMax } = axisTop(max);
  const left = Math.max(28, axisNumber(axisMax).length * 7 + 12);
  const plotWidth = Math.max(10, width - left - PLOT_RIGHT);
  const plotHeight = Math.max(10, height - PLOT_TOP - AXIS_HEIGHT);
  const bottom = PLOT_TOP + plotHeight;
  return {
    width,
    height,
    left,
    top: PLOT_TOP,
    bottom,
    plotWidth,
    plotHeight,
    step,
    axisMax,
    y: (value) => bottom - (value / axisMax) * plotHeight,
    slot: plotWidth / Math.max(1, count),
    every: labelEvery(count, plotWidth, LABEL_WIDTH),
  };
}

export function ValueAxis({ plot }: { plot: Plot }) {
  const { token } = theme.useToken();
  return (
    <g aria-hidden>
      {Array.from({ length: TICKS + 1 }, (_, index) => {
        const value = index * plot.step;
        const y = plot.y(value);
        return (
          <g key={value}>
            <line
              x1={plot.left}
              x2={plot.width - PLOT_RIGHT}
              y1={y}
              y2={y}
              stroke={token.colorBorderSecondary}
              strokeDasharray={index === 0 ? undefined : '3 3'}
            />
            <text x={plot.left - 6} y={y + 4} textAnchor="end" fontSize={11} fill={token.colorTextSecondary}>
              {axisNumber(value)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function CategoryAxis({ plot, labels }: { plot: Plot; labels: readonly string[] }) {
  const { token } = theme.useToken();
  return (
    <g aria-hidden>
      {labels.map((label, index) =>
        showsLabel(index, labels.length, plot.every) ? (
          <text
            key={`${label}-${index}`}
            x={plot.left + plot.slot * index + plot.slot / 2}
            y={plot.height - AXIS_HEIGHT / 2 + 4}
            textAnchor="middle"
            fontSize={11}
            fill={token.colorTextSecondary}
          >
            {label}
          </text>
        ) : null,
      )}
    </g>
  );
}
