import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import {
  columnsWidth,
  fitColumns,
  FLEXIBLE_COLUMN_WIDTH,
  MIN_COLUMN_SCALE,
  shownColumns,
} from './table-fit.js';

interface Row {
  code: string;
}

const columns: TableColumnsType<Row> = [
  { title: 'Code', dataIndex: 'code', width: 120, fixed: 'left' },
  { title: 'Name', dataIndex: 'name' },
  {
    title: 'Ages',
    children: [
      { title: '0-30', width: 90 },
      { title: '31-60', width: '80px' },
    ],
  },
  { title: 'Actions', key: 'actions', width: 100, fixed: 'right' },
];

describe('a list table fitted to its container', () => {
  it('is as wide as its columns, counting groups by their children and a free column as flexible', () => {
    expect(columnsWidth(columns)).toBe(120 + FLEXIBLE_COLUMN_WIDTH + 90 + 80 + 100);
  });

  it('keeps the columns as declared while the row fits', () => {
    const fitted = fitColumns(columns, 1000, 32);
    expect(fitted.columns).toBe(columns);
    expect(fitted.width).toBe(columnsWidth(columns) + 32);
  });

  it('narrows the columns that are not fixed to fit the row, keeping the fixed ones whole', () => {
    // 550 declared: 220 fixed; the free column (160, floor 112) gives up the 40 too many,
    // the narrow group columns (90, 80) nothing.
    const fitted = fitColumns(columns, 510);
    expect(fitted.columns.map((column) => column.fixed)).toEqual(['left', undefined, undefined, 'right']);
    expect(fitted.columns.map((column) => column.width)).toEqual([120, 120, undefined, 100]);
    const group = fitted.columns[2];
    expect(group && 'children' in group ? group.children?.map((child) => child.width) : []).toEqual([90, 80]);
    expect(columnsWidth(fitted.columns)).toBe(510);
    expect(fitted.width).toBe(510);
  });

  it('scrolls a row that does not fit even narrowed, its Actions fixed to the right', () => {
    const fitted = fitColumns(columns, 400);
    expect(fitted.columns.map((column) => column.fixed)).toEqual(['left', undefined, undefined, 'right']);
    expect(fitted.columns[1]?.width).toBe(Math.round(160 * MIN_COLUMN_SCALE));
    expect(fitted.width).toBe(220 + Math.round(160 * MIN_COLUMN_SCALE) + 90 + 80);
    expect(columnsWidth(fitted.columns)).toBeLessThanOrEqual(fitted.width);
  });

  it('fixes an Actions column its screen left unfixed once the row overflows', () => {
    const loose: TableColumnsType<Row> = [
      { title: 'Code', dataIndex: 'code', width: 400 },
      { title: 'Actions', key: 'actions', width: 100 },
    ];
    expect(fitColumns(loose, 600).columns[1]?.fixed).toBeUndefined();
    expect(fitColumns(loose, 450).columns[1]?.fixed).toBe('right');
  });

  it("counts only the columns the window's breakpoints show", () => {
    const ranked: TableColumnsType<Row> = [
      { title: 'Code', dataIndex: 'code', width: 120 },
      { title: 'Created', dataIndex: 'createdAt', width: 150, responsive: ['xxl'] },
    ];
    expect(columnsWidth(shownColumns(ranked, { xl: true, xxl: false }))).toBe(120);
    expect(columnsWidth(shownColumns(ranked, { xl: true, xxl: true }))).toBe(270);
  });
});
