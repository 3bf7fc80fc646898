/**
 * Lines per series over the categories, in plain SVG, with a dot on each point; pointing at a
 * category shows each series' value there. One labelled image, its numbers also a table for
 * screen readers.
 */
import { theme } from 'antd';
import { useState } from 'react';
import { CategoryAxis, plotOf, ValueAxis } from './axes.js';
import { DataTable, HoverCard, Legend, useWidth, type ChartSeries } from './frame.js';

export function LineChart({
  title,
  labels,
  series,
  height = 260,
  fullLabels,
}: {
  title: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  height?: number;
  fullLabels?: readonly string[];
}) {
  const { token } = theme.useToken();
  const [ref, width] = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const max = Math.max(0, ...series.flatMap((one) => one.values));
  const plot = plotOf(width, height, labels.length, max);
  const x = (index: number) => plot.left + plot.slot * index + plot.slot / 2;
  const names = fullLabels ?? labels;
  const dots = plot.slot >= 8;

  return (
    <figure style={{ margin: 0 }}>
      <div ref={ref} style={{ position: 'relative' }} onMouseLeave={() => setActive(null)}>
        <svg
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-label={title}
          data-chart-kit="line"
          style={{ display: 'block', maxWidth: '100%' }}
        >
          <title>{title}</title>
          <ValueAxis plot={plot} />
          {active !== null && (
            <line
              x1={x(active)}
              x2={x(active)}
              y1={plot.top}
              y2={plot.bottom}
              stroke={token.colorBorder}
              strokeDasharray="4 3"
            />
          )}
          {series.map((one) => (
            <g key={one.name}>
              <polyline
                data-series={one.name}
                fill="none"
                stroke={one.color}
                strokeWidth={2}
                strokeLinejoin="round"
                points={labels.map((_, index) => `${x(index)},${plot.y(one.values[index] ?? 0)}`).join(' ')}
              />
              {dots &&
                labels.map((label, index) => (
                  <circle
                    key={`${label}-${index}`}
                    data-value={one.values[index] ?? 0}
                    cx={x(index)}
                    cy={plot.y(one.values[index] ?? 0)}
                    r={active === index ? 4 : 2.5}
                    fill={token.colorBgContainer}
                    stroke={one.color}
                    strokeWidth={2}
                  >
                    <title>{`${names[index] ?? label} · ${one.name}: ${one.values[index] ?? 0}`}</title>
                  </circle>
                ))}
            </g>
          ))}
          {labels.map((label, index) => (
            <rect
              key={`${label}-${index}`}
              aria-hidden
              x={plot.left + plot.slot * index}
              y={plot.top}
              width={plot.slot}
              height={plot.plotHeight}
              fill="transparent"
              onMouseEnter={() => setActive(index)}
            />
          ))}
          <CategoryAxis plot={plot} labels={labels} />
        </svg>
        {active !== null && (
          <HoverCard
            left={Math.min(Math.max(x(active), 80), Math.max(80, width - 80))}
            label={names[active] ?? ''}
            rows={series.map((one) => ({ name: one.name, color: one.color, value: one.values[active] ?? 0 }))}
          />
        )}
      </div>
      {series.length > 1 && <Legend series={series} />}
      <DataTable caption={title} labels={names} series={series} />
    </figure>
  );
}
