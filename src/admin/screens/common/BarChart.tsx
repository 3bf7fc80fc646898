/**
 * A small bar chart in plain SVG (no chart library): one group of bars per label, one bar per
 * series, the value above each bar and a scale on the left. It scales to its container's width.
 */
import { theme } from 'antd';

export interface BarSeries {
  name: string;
  color: string;
  values: readonly number[];
}

const WIDTH = 640;
const PLOT_TOP = 24;
const PLOT_LEFT = 40;
const PLOT_RIGHT = 8;
const AXIS_HEIGHT = 28;
const TICKS = 4;

/** A round step (1, 2 or 5 times a power of ten) so that TICKS steps cover `max`. */
export function niceStep(max: number): number {
  if (max <= TICKS) return 1;
  const raw = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw);
  return step ?? 10 * power;
}

export function BarChart({
  labels,
  series,
  height = 260,
  title,
}: {
  labels: readonly string[];
  series: readonly BarSeries[];
  height?: number;
  title: string;
}) {
  const { token } = theme.useToken();
  const max = Math.max(0, ...series.flatMap((one) => one.values));
  const step = niceStep(max);
  const top = step * TICKS;
  const plotHeight = height - PLOT_TOP - AXIS_HEIGHT;
  const plotWidth = WIDTH - PLOT_LEFT - PLOT_RIGHT;
  const groupWidth = plotWidth / Math.max(1, labels.length);
  const barWidth = Math.min(36, (groupWidth * 0.6) / Math.max(1, series.length));
  const y = (value: number) => PLOT_TOP + plotHeight - (value / top) * plotHeight;

  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-label={title}
        style={{ display: 'block', maxHeight: height }}
      >
        <title>{title}</title>
        {Array.from({ length: TICKS + 1 }, (_, index) => {
          const value = index * step;
          return (
            <g key={value}>
              <line
                x1={PLOT_LEFT}
                x2={WIDTH - PLOT_RIGHT}
                y1={y(value)}
                y2={y(value)}
                stroke={token.colorBorderSecondary}
                strokeDasharray={index === 0 ? undefined : '3 3'}
              />
              <text
                x={PLOT_LEFT - 6}
                y={y(value) + 4}
                textAnchor="end"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {value}
              </text>
            </g>
          );
        })}
        {labels.map((label, labelIndex) => {
          const groupX = PLOT_LEFT + labelIndex * groupWidth;
          const barsWidth = barWidth * series.length;
          return (
            <g key={label}>
              {series.map((one, seriesIndex) => {
                const value = one.values[labelIndex] ?? 0;
                const x = groupX + (groupWidth - barsWidth) / 2 + seriesIndex * barWidth;
                return (
                  <g key={one.name}>
                    <rect
                      x={x + 1}
                      y={y(value)}
                      width={barWidth - 2}
                      height={Math.max(0, PLOT_TOP + plotHeight - y(value))}
                      rx={2}
                      fill={one.color}
                    >
                      <title>{`${label} · ${one.name}: ${value}`}</title>
                    </rect>
                    <text
                      x={x + barWidth / 2}
                      y={y(value) - 4}
                      textAnchor="middle"
                      fontSize={11}
                      fill={token.colorText}
                    >
                      {value}
                    </text>
                  </g>
                );
              })}
              <text
                x={groupX + groupWidth / 2}
                y={height - AXIS_HEIGHT / 2 + 4}
                textAnchor="middle"
                fontSize={11}
                fill={token.colorTextSecondary}
              >
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      {series.length > 1 && (
        <figcaption style={{ display: 'flex', gap: 16, justifyContent: 'center', fontSize: 12 }}>
          {series.map((one) => (
            <span key={one.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
              <span style={{ width: 10, height: 10, borderRadius: 2, background: one.color }} />
              {one.name}
            </span>
          ))}
        </figcaption>
      )}
    </figure>
  );
}
