/**
 * For a test file of a list with columns shown only on wide screens (`WIDE_SCREENS_ONLY`, 1600 px
 * and up): matchMedia answers width queries as a 1920 px desktop window would, so antd renders
 * those columns. jsdom has no layout; the setup's matchMedia matches nothing (a narrow window).
 */
import { afterAll, beforeAll, vi } from 'vitest';

function matchesWidth(query: string, width: number): boolean {
  const min = [...query.matchAll(/min-width:\s*(\d+)px/g)].every((match) => width >= Number(match[1]));
  const max = [...query.matchAll(/max-width:\s*(\d+)px/g)].every((match) => width <= Number(match[1]));
  return min && max && /width/.test(query);
}

export function onWideScreen(width = 1920): void {
  const original = window.matchMedia;
  beforeAll(() => {
    window.matchMedia = (query: string) =>
      ({
        matches: matchesWidth(query, width),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as unknown as MediaQueryList;
  });
  afterAll(() => {
    window.matchMedia = original;
  });
}
