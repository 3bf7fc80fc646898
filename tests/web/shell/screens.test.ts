import { describe, expect, it } from 'vitest';
import { SCREENS, screenOf } from '@admin/screens.js';
import { GROUP_COMPONENT, MENU_CATALOG, type ScreenId } from '@shared/menu.js';

describe('the screen registry', () => {
  const components = MENU_CATALOG.flatMap((entry) => (entry.component ? [entry.component] : []));
  const screenIds = components.filter((component) => component !== GROUP_COMPONENT);

  it('has a screen for every component the menu catalogue names', () => {
    expect(screenIds.length).toBeGreaterThan(0);
    const missing = screenIds.filter((component) => screenOf(component) === undefined);
    expect(missing).toEqual([]);
  });

  it('registers nothing the menu catalogue does not name', () => {
    expect(Object.keys(SCREENS).sort()).toEqual([...new Set(screenIds)].sort());
  });

  it('gives menu groups and unknown components no screen', () => {
    expect(screenOf(GROUP_COMPONENT)).toBeUndefined();
    expect(screenOf('inventory/StockLsit')).toBeUndefined();
    expect(screenOf('constructor')).toBeUndefined();
    expect(screenOf(null)).toBeUndefined();
  });

  it('takes only a screen id of the catalogue as a key (checked by the typecheck)', () => {
    const known: ScreenId = 'inventory/StockList';
    // @ts-expect-error a misspelt screen id is not a ScreenId
    const misspelt: ScreenId = 'inventory/StockLsit';
    // @ts-expect-error a menu group has no screen
    const group: ScreenId = GROUP_COMPONENT;
    expect([known, misspelt, group].map((id) => screenOf(id) !== undefined)).toEqual([true, false, false]);
  });
});
