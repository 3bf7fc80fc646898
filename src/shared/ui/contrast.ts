/**
 * Colour contrast as WCAG 2.1 measures it (§1.4.3, 1.4.11): relative luminance, the ratio of two
 * colours, and the shade of a colour that reaches a ratio against a background. The admin's
 * theme takes its colours through this, so a colour a person picks (the settings drawer's theme
 * colour) is used in a shade that can be read.
 */

/** WCAG 2.1 AA: normal text against its background. */
export const TEXT_CONTRAST = 4.5;

type Rgb = [number, number, number];

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)`; anything else is an error (a theme bug, not input). */
export function parseColor(color: string): Rgb {
  const text = color.trim().toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short) return [short[1], short[2], short[3]].map((digit) => parseInt(`${digit}${digit}`, 16)) as Rgb;
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(text);
  if (long) return [long[1], long[2], long[3]].map((pair) => parseInt(pair ?? '0', 16)) as Rgb;
  const functional = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*1(?:\.0*)?\s*)?\)$/.exec(text);
  if (functional) return [functional[1], functional[2], functional[3]].map(Number) as Rgb;
  throw new Error(`not an opaque colour: ${color}`);
}

export function toHex([red, green, blue]: Rgb): string {
  return `#${[red, green, blue].map((part) => Math.round(part).toString(16).padStart(2, '0')).join('')}`;
}

function channel(value: number): number {
  const part = value / 255;
  return part <= 0.03928 ? part / 12.92 : ((part + 0.055) / 1.055) ** 2.4;
}

export function luminance(color: string): number {
  const [red, green, blue] = parseColor(color);
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `color` itself when it already reaches `ratio` against every one of `backgrounds`, else the
 * lightest shade of it (mixed with black, so the hue stays) that does.
 */
export function readableShade(color: string, backgrounds: string[], ratio = TEXT_CONTRAST): string {
  const base = parseColor(color);
  for (let black = 0; black <= 100; black += 1) {
    const shade = toHex(base.map((part) => (part * (100 - black)) / 100) as Rgb);
    if (backgrounds.every((background) => contrastRatio(shade, background) >= ratio)) return shade;
  }
  return '#000000';
}
