import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { onRollupWarning } from './scripts/rollup-warnings.js';

/**
 * The web apps. `vite build` builds the admin (src/admin → dist/admin, served at /);
 * the PDA gets its own build under /pda/ when it lands. In development `npm run dev:admin`
 * proxies /api and /websocket to the server on 8080.
 */
const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: root('./src/admin'),
  base: '/',
  publicDir: root('./public'),
  plugins: [react()],
  resolve: { alias: { '@locales': root('./locales') } },
  build: {
    outDir: root('./dist/admin'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      onwarn: onRollupWarning,
      output: {
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
      '/websocket': { target: 'ws://localhost:8080', ws: true },
    },
  },
});
