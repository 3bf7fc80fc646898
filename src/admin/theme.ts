/**
 * The admin's antd theme from the settings drawer's colour, in shades that can be read (WCAG
 * 2.1 AA, 4.5:1): the chosen colour becomes the primary and link colour in the lightest shade of
 * it that white text on it and it on the page's backgrounds reach 4.5:1 (the daybreak blue
 * #1890ff is 3.24:1 on white); the status colours (success, warning, error, info) and the
 * preset tag colours likewise; and secondary text (descriptions, placeholders, breadcrumbs,
 * the table's empty text) is darker than antd's 45 % black (3.36:1). Every screen inherits it
 * through AppProviders.
 */
import { theme as antTheme, type ThemeConfig } from 'antd';
import { contrastRatio, readableShade, TEXT_CONTRAST } from '@shared/ui/contrast.js';

/** The backgrounds text of the theme's colours lies on: cards and tables, the page, table headers. */
const PAGE_BACKGROUNDS = ['#ffffff', '#f5f5f5', '#fafafa'];

/** antd's seed status colours. */
const STATUS_SEEDS = {
  colorSuccess: '#52c41a',
  colorWarning: '#faad14',
  colorError: '#ff4d4f',
  colorInfo: '#1677ff',
} as const;

/** The preset colours a Tag or Badge may take by name (antd's PresetColors). */
const PRESET_COLOURS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/** Secondary text: 58 % black, 5.3:1 on white and 4.9:1 on the page's grey. */
export const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.58)';

/** A tag's text (palette 7) on its tag's background (palette 1), darkened until it reads. */
function presetTagTokens(): Record<string, string> {
  const palette = antTheme.getDesignToken();
  const tokens: Record<string, string> = {};
  for (const colour of PRESET_COLOURS) {
    const text = palette[`${colour}7`];
    const background = palette[`${colour}1`];
    if (contrastRatio(text, background) < TEXT_CONTRAST) {
      tokens[`${colour}7`] = readableShade(text, [background, '#ffffff']);
    }
  }
  return tokens;
}

let presetTags: Record<string, string> | null = null;

/** The light tint antd derives from a status seed for tags and alerts (colorInfoBg and kin). */
function statusTint(token: keyof typeof STATUS_SEEDS): string {
  const derived = antTheme.getDesignToken({ token: { [token]: STATUS_SEEDS[token] } });
  return derived[`${token}Bg`];
}

/**
 * Each status colour, readable on the page and on its light tint (a 'processing' tag draws its
 * text on colorInfoBg); the tint is pinned to the seed's, since antd would derive a darker one
 * from the darker shade.
 */
function statusTokens(): Record<string, string> {
  const tokens: Record<string, string> = {};
  for (const token of Object.keys(STATUS_SEEDS) as Array<keyof typeof STATUS_SEEDS>) {
    const tint = statusTint(token);
    tokens[token] = readableShade(STATUS_SEEDS[token], [...PAGE_BACKGROUNDS, tint]);
    tokens[`${token}Bg`] = tint;
  }
  return tokens;
}

/** The shade of `color` the admin uses: readable as text on its pages and under white text. */
export function readablePrimary(color: string): string {
  return readableShade(color, PAGE_BACKGROUNDS);
}

/** The theme for antd's ConfigProvider. */
export function accessibleTheme(primaryColor: string): ThemeConfig {
  presetTags ??= presetTagTokens();
  const primary = readablePrimary(primaryColor);
  const status = statusTokens();
  return {
    algorithm: antTheme.defaultAlgorithm,
    token: {
      ...presetTags,
      ...status,
      colorPrimary: primary,
      colorLink: primary,
      colorTextDescription: SECONDARY_TEXT,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextPlaceholder: SECONDARY_TEXT,
    },
    components: {
      // The breadcrumb's links and separators are 45 % black otherwise.
      Breadcrumb: { linkColor: SECONDARY_TEXT, separatorColor: SECONDARY_TEXT, itemColor: SECONDARY_TEXT },
      // An empty table's own text (its `emptyText`) is drawn in the disabled grey otherwise.
      Table: { colorTextDisabled: SECONDARY_TEXT },
    },
  };
}
