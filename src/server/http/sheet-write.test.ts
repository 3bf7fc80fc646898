import { describe, expect, it } from 'vitest';
import { safeCell, unquotedCell } from './sheet-write.js';

describe('safeCell', () => {
  it('puts a quote before text that starts like a formula or a command, full-width forms too', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd', '＝1', '＋1', '－1', '＠x'])
      expect(safeCell(text)).toBe(`'${text}`);
  });

  it('leaves other text, numbers, dates and empty cells as they are', () => {
    const date = new Date('2025-06-01T00:00:00Z');
    for (const value of ['Somchai', ' =1', "'=1", '', 'a=b', -5, 0, 12.5, date, null, undefined, true])
      expect(safeCell(value)).toBe(value);
  });

  it('is undone by unquotedCell, which leaves a quote it did not add', () => {
    for (const text of ['=HYPERLINK("http://x")', '＋1', '-CSV-1'])
      expect(unquotedCell(String(safeCell(text)))).toBe(text);
    expect(unquotedCell("'quoted")).toBe("'quoted");
    expect(unquotedCell('plain')).toBe('plain');
  });
});
