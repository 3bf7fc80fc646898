import type { TableColumnsType } from 'antd';
import { describe, expect, it } from 'vitest';
import { columnsWidth, fitColumns, FLEXIBLE_COLUMN_WIDTH } from './table-fit.js';

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

  it('keeps every fixed column while the row fits', () => {
    expect(fitColumns(columns, false)).toBe(columns);
  });

  it('lets the right-fixed columns go when the row is wider than the container, and keeps the left-fixed ones', () => {
    const fitted = fitColumns(columns, true);
    expect(fitted.map((column) => column.fixed)).toEqual(['left', undefined, undefined, undefined]);
    expect(columnsWidth(fitted)).toBe(columnsWidth(columns));
  });
});
