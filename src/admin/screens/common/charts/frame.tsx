/**
 * What every chart of the kit shares: its width measured from its container (so text keeps its
 * size at any width), compact numbers, the legend, the hover card, and the data as a table for
 * screen readers (the drawing itself is one labelled image).
 */
import { theme } from 'antd';
import { useEffect, useRef, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';

export interface ChartSeries {
  name: string;
  color: string;
  values: readonly number[];
}

export const DEFAULT_WIDTH = 640;

/** The element's width in pixels, followed as it changes; DEFAULT_WIDTH where it cannot be measured. */
export function useWidth<T extends HTMLElement>(): [RefObject<T>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat();

/** 1234 → "1.2K" on an axis; small numbers as they are. */
export function axisNumber(value: number): string {
  return value >= 10_000 ? compact.format(value) : whole.format(value);
}

export function fullNumber(value: number): string {
  return whole.format(value);
}

export const visuallyHidden: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

export function Legend({ series }: { series: readonly Pick<ChartSeries, 'name' | 'color'>[] }) {
  const { token } = theme.useToken();
  return (
    <div
      aria-hidden
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 16px',
        justifyContent: 'center',
        fontSize: token.fontSizeSM,
        color: token.colorTextSecondary,
      }}
    >
      {series.map((one) => (
        <span key={one.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: one.color }} />
          {one.name}
        </span>
      ))}
    </div>
  );
}

/** The numbers behind a chart, one row per category, for screen readers. */
export function DataTable({
  caption,
  labels,
  series,
  totalLabel,
}: {
  caption: string;
  labels: readonly string[];
  series: readonly ChartSeries[];
  totalLabel?: string;
}) {
  return (
    <table style={visuallyHidden}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" />
          {series.map((one) => (
            <th key={one.name} scope="col">
              {one.name}
            </th>
          ))}
          {totalLabel && <th scope="col">{totalLabel}</th>}
        </tr>
      </thead>
      <tbody>
        {labels.map((label, index) => (
          <tr key={`${label}-${index}`}>
            <th scope="row">{label}</th>
            {series.map((one) => (
              <td key={one.name}>{one.values[index] ?? 0}</td>
            ))}
            {totalLabel && <td>{series.reduce((sum, one) => sum + (one.values[index] ?? 0), 0)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The card shown beside the pointer: the category and each series' value (and the total). */
export function HoverCard({
  left,
  label,
  rows,
  total,
}: {
  /** Where the category's centre is, in pixels from the chart's left edge. */
  left: number;
  label: string;
  rows: readonly { name: string; color: string; value: number }[];
  total?: { name: string; value: number };
}): ReactNode {
  const { token } = theme.useToken();
  return (
    <div
      aria-hidden
      style={{
        position: 'absolute',
        top: 4,
        left,
        transform: 'translateX(-50%)',
        pointerEvents: 'none',
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadius,
        padding: '6px 10px',
        fontSize: token.fontSizeSM,
        whiteSpace: 'nowrap',
        zIndex: 1,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 2 }}>{label}</div>
      {rows.map((row) => (
        <div key={row.name} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <span style={{ width: 8, height: 8, borderRadius: 2, background: row.color }} />
          <span style={{ flex: 1 }}>{row.name}</span>
          <span style={{ fontVariantNumeric: 'tabular-nums', marginLeft: 12 }}>{fullNumber(row.value)}</span>
        </div>
      ))}
      {total && (
        <div
          style={{ display: 'flex', borderTop: `1px solid ${token.colorSplit}`, marginTop: 4, paddingTop: 2 }}
        >
          <span style={{ flex: 1 }}>{total.name}</span>
          <span style={{ fontVariantNumeric: 'tabular-nums', marginLeft: 12 }}>
            {fullNumber(total.value)}
          </span>
        </div>
      )}
    </div>
  );
}
