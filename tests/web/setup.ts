/**
 * Set-up of the `web` test project (jsdom): the admin's i18next with the real locale files
 * (English, so tests read the product's own words), the browser APIs antd expects and jsdom lacks,
 * and a clean DOM and storage after each test.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { i18next, initI18n, SHELL_NAMESPACES } from '@admin/i18n.js';
import { loadDateLocale } from '@admin/locale-pack.js';

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// antd forms validate and lazy pages load asynchronously. A wait gives up only near the test's
// own limit (20 s), never after testing-library's default second: on a machine busy with other
// work a first antd render in jsdom alone has taken over 5 s.
configure({ asyncUtilTimeout: 15_000 });

// jsdom does not compute pseudo-element styles and says so on every antd measurement.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

beforeAll(async () => {
  await initI18n('en-US');
  // Screens render inside the signed-in shell, which loads these before its first render.
  await i18next.loadNamespaces([...SHELL_NAMESPACES]);
  await loadDateLocale('en-US');
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
