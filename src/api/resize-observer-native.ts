/**
 * The browser's own ResizeObserver, in place of `resize-observer-polyfill` (which antd's
 * rc-resize-observer and antd-mobile's ahooks import): every browser the admin and the PDA run
 * on has had it since 2020, so the polyfill's 2.5 KB gzipped on the login page bought nothing.
 * The builds alias the package here (vite.config.ts, vite.pda.config.ts); the tests keep the
 * polyfill, as jsdom has no ResizeObserver.
 */
// The package it stands in for is imported by its default export.
// eslint-disable-next-line no-restricted-syntax
export default globalThis.ResizeObserver;
