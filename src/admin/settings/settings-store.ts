/**
 * The shell's display settings: menu theme, primary
 * colour, colour-weak mode, multi-tab mode and the collapsed side menu. They live in this
 * browser's localStorage under one key, so each person keeps their own look between visits.
 */
import { useSyncExternalStore } from 'react';

export const SETTINGS_STORAGE_KEY = 'shell.settings';

/** The 8 preset primary colours of the setting drawer; the first is the default. */
export const PRESET_COLORS = [
  { key: 'daybreak', color: '#1890FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;
export const DEFAULT_PRIMARY_COLOR = '#1890FF';

export type NavTheme = 'dark' | 'light';

export interface ShellSettings {
  navTheme: NavTheme;
  primaryColor: string;
  colorWeak: boolean;
  multipage: boolean;
  collapsed: boolean;
}

export const DEFAULT_SETTINGS: ShellSettings = {
  navTheme: 'dark',
  primaryColor: DEFAULT_PRIMARY_COLOR,
  colorWeak: false,
  multipage: true,
  collapsed: false,
};

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function isHexColor(value: unknown): value is string {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

/** Reads what was stored, keeping only valid values; anything broken falls back to the default. */
export function parseSettings(raw: string | null): ShellSettings {
  if (!raw) return DEFAULT_SETTINGS;
  try {
    const stored = JSON.parse(raw) as Partial<Record<keyof ShellSettings, unknown>>;
    return {
      navTheme: stored.navTheme === 'light' ? 'light' : 'dark',
      primaryColor: isHexColor(stored.primaryColor) ? stored.primaryColor : DEFAULT_PRIMARY_COLOR,
      colorWeak: stored.colorWeak === true,
      multipage: stored.multipage !== false,
      collapsed: stored.collapsed === true,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

type Listener = () => void;
const listeners = new Set<Listener>();
let current: ShellSettings | null = null;

function load(): ShellSettings {
  if (!current) {
    current =
      typeof localStorage === 'undefined'
        ? DEFAULT_SETTINGS
        : parseSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
  }
  return current;
}

export const settingsStore = {
  get: load,
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  /** Applies and keeps a change; throws when the browser refuses to store it or the colour is invalid. */
  update(change: Partial<ShellSettings>) {
    if (change.primaryColor !== undefined && !isHexColor(change.primaryColor)) {
      throw new Error(`invalid colour ${change.primaryColor}`);
    }
    const next = { ...load(), ...change };
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(next));
    current = next;
    for (const listener of listeners) listener();
  },
  /** Forgets the cached copy (tests, or after another tab changed the storage). */
  reset() {
    current = null;
    for (const listener of listeners) listener();
  },
};

export function useSettings(): ShellSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}
