import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { AREA_ALIASES } from './aliases.js';
import { onRollupWarning } from './scripts/rollup-warnings.js';
import { pruneErrors } from './scripts/prune-errors.js';

/**
 * Errors only the handheld's ops answer with (its sync, packing, bagging and hand-over): the
 * admin's errors namespace, part of its login page, leaves them out. The admin's bag list meets
 * only bag.not_found and bag.not_handed_over, its returns list only what matching by hand says.
 */
const PDA_ONLY_ERRORS = [
  'pda',
  'pack',
  'handover',
  ...[
    'number_taken',
    'closed',
    'other_warehouse',
    'other_channel',
    'not_packed',
    'already_bagged',
    'not_in_bag',
    'empty',
    'not_closed',
    'handed_over',
  ].map((code) => `bag.${code}`),
  ...[
    'already_received',
    'unmatched',
    'finished',
    'outcome_not_allowed',
    'item_recorded',
    'sku_not_in_order',
    'over_shipped',
    'location_other_warehouse',
    'nothing_inspected',
  ].map((code) => `returns.${code}`),
];

/**
 * The web apps. `vite build` builds the admin (src/admin → dist/admin, served at /);
 * the PDA gets its own build under /pda/ when it lands. In development `npm run dev:admin`
 * proxies /api and /websocket to the server on 8080.
 */
const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Zod in the browser without its compiled fast path: the pages' content security policy allows
 * no eval, and zod's probe for it (a `new Function` whose failure it catches) is still reported
 * as a violation. Zod reads this global config when it loads; every chunk sets it first thing,
 * so it is set whichever chunk runs first, before any schema is built.
 */
const ZOD_JITLESS = 'globalThis.__zod_globalConfig ??= { jitless: true };';

export default defineConfig({
  root: root('./src/admin'),
  base: '/',
  publicDir: root('./public'),
  plugins: [pruneErrors(PDA_ONLY_ERRORS), react()],
  resolve: {
    alias: { ...AREA_ALIASES, 'resize-observer-polyfill': root('./src/api/resize-observer-native.ts') },
  },
  build: {
    outDir: root('./dist/admin'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn: onRollupWarning,
      output: {
        intro: ZOD_JITLESS,
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler|react-router|react-router-dom)\//.test(id))
            return 'react';
          return undefined;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:8080',
      // The print plugin's archive is made by the server from the helper's source.
      '/downloads/print-plugin.zip': 'http://localhost:8080',
      '/websocket': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
