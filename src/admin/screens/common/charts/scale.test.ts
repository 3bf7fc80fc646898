import { describe, expect, it } from 'vitest';
import { axisTop, labelEvery, niceStep, showsLabel, totalsOf } from './scale.js';

describe('the chart kit’s scales', () => {
  it('steps the value axis in round numbers that cover the largest value', () => {
    expect(niceStep(3)).toBe(1);
    expect(niceStep(11)).toBe(5);
    expect(niceStep(19)).toBe(5);
    expect(niceStep(21)).toBe(10);
    expect(niceStep(3418)).toBe(1000);
    expect(axisTop(37)).toEqual({ step: 10, top: 40 });
    expect(axisTop(0)).toEqual({ step: 1, top: 4 });
  });

  it('labels every n-th category, counting back from the last', () => {
    expect(labelEvery(30, 600, 44)).toBe(3);
    expect(labelEvery(7, 600, 44)).toBe(1);
    const shown = Array.from({ length: 10 }, (_, index) => index).filter((index) => showsLabel(index, 10, 3));
    expect(shown).toEqual([0, 3, 6, 9]);
  });

  it('adds the series of a stacked bar', () => {
    expect(totalsOf([{ values: [1, 2] }, { values: [3] }], 3)).toEqual([4, 2, 0]);
  });
});
