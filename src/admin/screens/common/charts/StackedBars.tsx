/**
 * Horizontal stacked bars, one row per item (a warehouse): the parts side by side along one bar
 * scaled to the largest row, the row's name before it and its total after it. Each row can be a
 * link to the list it summarises. The parts' names and values are written out for everyone.
 */
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { fullNumber, Legend } from './frame.js';

export interface StackedRow {
  key: string;
  label: ReactNode;
  /** One value per part, in the order of `parts`. */
  values: readonly number[];
  total: number;
  /** A few words after the parts (e.g. how many SKUs). */
  note?: ReactNode;
}

export function StackedBars({
  title,
  parts,
  rows,
}: {
  title: string;
  parts: readonly { name: string; color: string }[];
  rows: readonly StackedRow[];
}) {
  const { token } = theme.useToken();
  const max = Math.max(1, ...rows.map((row) => row.total));
  return (
    <figure style={{ margin: 0 }} aria-label={title} data-chart-kit="stacked">
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
        {rows.map((row) => (
          <li key={row.key}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, marginBottom: 4 }}>
              <span style={{ fontWeight: 500 }}>{row.label}</span>
              <span style={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
                {fullNumber(row.total)}
              </span>
            </div>
            <div
              aria-hidden
              style={{
                display: 'flex',
                height: 12,
                borderRadius: 6,
                overflow: 'hidden',
                background: token.colorFillSecondary,
              }}
            >
              {parts.map((part, index) => {
                const value = row.values[index] ?? 0;
                return value > 0 ? (
                  <span
                    key={part.name}
                    data-part={part.name}
                    style={{ width: `${(value / max) * 100}%`, background: part.color }}
                  />
                ) : null;
              })}
            </div>
            <div
              style={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: '0 12px',
                marginTop: 2,
                fontSize: token.fontSizeSM,
                color: token.colorTextSecondary,
              }}
            >
              {parts.map((part, index) => (
                <span key={part.name}>
                  {part.name} {fullNumber(row.values[index] ?? 0)}
                </span>
              ))}
              {row.note && <span>{row.note}</span>}
            </div>
          </li>
        ))}
      </ul>
      <div style={{ marginTop: 12 }}>
        <Legend series={parts} />
      </div>
    </figure>
  );
}
