/**
 * Bars per category, in plain SVG: one bar per series side by side, or stacked into one bar
 * (`stacked`). The value axis has round steps; category labels thin out to fit; values are
 * printed on the bars when there is room, and pointing at a category shows each series' value.
 * The drawing is one labelled image; its numbers are also a table for screen readers.
 */
import { theme } from 'antd';
import { useState } from 'react';
import { CategoryAxis, plotOf, ValueAxis } from './axes.js';
import { DataTable, HoverCard, Legend, useWidth, type ChartSeries } from './frame.js';
import { totalsOf } from './scale.js';

export function BarChart({
  title,
  labels,
  series,
  stacked = false,
  height = 260,
  totalLabel,
  fullLabels,
}: {
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  stacked?: boolean;
  height?: number;
  /** Names the sum in the hover card and the table (stacked bars). */
  totalLabel?: string;
  /** Longer category names for the hover card and the table (the axis keeps `labels`). */
  fullLabels?: readonly string[];
}) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const totals = totalsOf(series, labels.length);
  const max = stacked ? Math.max(0, ...totals) : Math.max(0, ...series.flatMap((one) => one.values));
  const plot = plotOf(width, height, labels.length, max);
  const groupWidth = plot.slot * 0.7;
  const barWidth = stacked ? Math.min(40, groupWidth) : Math.min(36, groupWidth / Math.max(1, series.length));
  const valuesFit = barWidth >= 18;
  const names = fullLabels ?? labels;

  return (
    <figure style={{ margin: 0 }}>
      <div ref={ref} style={{ position: 'relative' }} onMouseLeave={() => setActive(null)}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={title}
          data-chart-kit="bar"
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <title>{title}</title>
          <ValueAxis plot={plot} />
          {labels.map((label, index) => {
            const slotX = plot.left + plot.slot * index;
            const barsWidth = stacked ? barWidth : barWidth * series.length;
            let base = 0;
            return (
              <g key={`${label}-${index}`}>
                {active === index && (
                  <rect
                    x={slotX}
                    y={plot.top}
                    width={plot.slot}
                    height={plot.plotHeight}
                    fill={token.colorFillTertiary}
                  />
                )}
                {series.map((one, seriesIndex) => {
                  const value = one.values[index] ?? 0;
                  const x = stacked
                    ? slotX + (plot.slot - barWidth) / 2
                    : slotX + (plot.slot - barsWidth) / 2 + seriesIndex * barWidth;
                  const from = stacked ? base : 0;
                  base += value;
                  const yTop = plot.y(from + value);
                  const barHeight = Math.max(0, plot.y(from) - yTop);
                  return (
                    <g key={one.name}>
                      <rect
                        data-value={value}
                        x={x + 1}
                        y={yTop}
                        width={Math.max(1, barWidth - 2)}
                        height={barHeight}
                        rx={stacked ? 0 : 2}
                        fill={one.color}
                      >
                        <title>{`${names[index] ?? label} · ${one.name}: ${value}`}</title>
                      </rect>
                      {!stacked && valuesFit && (
                        <text
                          aria-hidden
                          x={x + barWidth / 2}
                          y={yTop - 4}
                          textAnchor="middle"
                          fontSize={11}
                          fill={token.colorText}
                        >
                          {value}
                        </text>
                      )}
                    </g>
                  );
                })}
                {stacked && valuesFit && (totals[index] ?? 0) > 0 && (
                  <text
                    aria-hidden
                    x={slotX + plot.slot / 2}
                    y={plot.y(totals[index] ?? 0) - 4}
                    textAnchor="middle"
                    fontSize={11}
                    fill={token.colorText}
                  >
                    {totals[index]}
                  </text>
                )}
                <rect
                  aria-hidden
                  data-hover={index}
                  x={slotX}
                  y={plot.top}
                  width={plot.slot}
                  height={plot.plotHeight}
                  fill="transparent"
                  onMouseEnter={() => setActive(index)}
                />
              </g>
            );
          })}
          <CategoryAxis plot={plot} labels={labels} />
        </svg>
        {active !== null && (
          <HoverCard
            left={Math.min(
              Math.max(plot.left + plot.slot * active + plot.slot / 2, 80),
              Math.max(80, width - 80),
            )}
            label={names[active] ?? ''}
            rows={series.map((one) => ({ name: one.name, color: one.color, value: one.values[active] ?? 0 }))}
            total={
              stacked && totalLabel && series.length > 1
                ? { name: totalLabel, value: totals[active] ?? 0 }
                : undefined
            }
          />
        )}
      </div>
      {series.length > 1 && <Legend series={series} />}
      <DataTable
        caption={title}
        labels={names}
        series={series}
        totalLabel={stacked ? totalLabel : undefined}
      />
    </figure>
  );
}
