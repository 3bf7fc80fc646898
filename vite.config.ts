import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { AREA_ALIASES } from './aliases.js';
import { onRollupWarning } from './scripts/rollup-warnings.js';

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
  plugins: [react()],
  resolve: { alias: AREA_ALIASES },
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
