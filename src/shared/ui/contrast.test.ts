import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColor, readableShade, TEXT_CONTRAST } from './contrast.js';

describe('colour contrast', () => {
  it('parses the forms the themes use', () => {
    expect(parseColor('#1890ff')).toEqual([24, 144, 255]);
    expect(parseColor('#fff')).toEqual([255, 255, 255]);
    expect(parseColor('rgb(245, 34, 45)')).toEqual([245, 34, 45]);
    expect(() => parseColor('rgba(0, 0, 0, 0.45)')).toThrow(/opaque/);
  });

  it('measures ratios as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBe(1);
    // The figures an axe-core audit reported for the old theme.
    expect(contrastRatio('#8c8c8c', '#ffffff')).toBeCloseTo(3.36, 2);
    expect(contrastRatio('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
    expect(contrastRatio('#ffffff', '#00a854')).toBeCloseTo(3.12, 2);
  });

  it('darkens a colour just enough to be read on every background given', () => {
    const shade = readableShade('#1890ff', ['#ffffff', '#f5f5f5']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#f5f5f5')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shade, '#f5f5f5')).toBeLessThan(TEXT_CONTRAST + 0.3);
    expect(readableShade('#0050b3', ['#ffffff'])).toBe('#0050b3');
  });
});
