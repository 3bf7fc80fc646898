import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { AREA_ALIASES } from './aliases.js';
import { VitePWA } from 'vite-plugin-pwa';
import { onRollupWarning } from './scripts/rollup-warnings.js';
import { pruneErrors } from './scripts/prune-errors.js';

/**
 * The PDA's own build (docs/research/pda-offline.md §4.1): src/pda → dist/pda, served at /pda/, installable,
 * its service worker scoped to /pda/ and precaching the whole shell (locales included) so the
 * app starts offline. `registerType: 'prompt'`: a new version waits until the worker applies it
 * from the home screen (src/pda/shell/update.tsx), never mid-task.
 */
const root = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Error groups only the admin's screens meet (shops, channels, waybills, users, roles, imports
 * and the like): the PDA's errors namespace, part of its first load, leaves them out. Its ops,
 * sign-in, sync and task screens answer with the other groups.
 */
const ADMIN_ONLY_ERRORS = [
  'shop',
  'order_import',
  'catalog',
  'import',
  'depart',
  'announcement',
  'user',
  'downloads',
  'permission',
  'question',
  'role',
  'destroy',
  'dict',
  'duplicate',
  'video',
  'logistics',
  'waybill',
  // Putting a short-picked order back to be picked is the admin's.
  'wave.not_short',
];

export default defineConfig({
  root: root('./src/pda'),
  base: '/pda/',
  publicDir: root('./src/pda/public'),
  plugins: [
    pruneErrors(ADMIN_ONLY_ERRORS),
    react(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      scope: '/pda/',
      base: '/pda/',
      manifest: {
        id: '/pda/',
        name: 'WMS PDA',
        short_name: 'PDA',
        description: 'Warehouse receiving and shelving by scan, online or offline.',
        start_url: '/pda/',
        scope: '/pda/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#1677ff',
        icons: [
          { src: '/pda/icons/icon.svg', sizes: 'any', type: 'image/svg+xml' },
          { src: '/pda/icons/192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pda/icons/512.png', sizes: '512x512', type: 'image/png' },
          { src: '/pda/icons/512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // wasm: the camera's barcode reader (zxing_reader.wasm, ~1.1 MB), served by us, never a CDN.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,wasm}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 ** 2,
        navigateFallback: '/pda/index.html',
        navigateFallbackAllowlist: [/^\/pda\//],
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { ...AREA_ALIASES, 'resize-observer-polyfill': root('./src/api/resize-observer-native.ts') },
  },
  build: {
    outDir: root('./dist/pda'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Zod without its eval-compiled fast path, which the PDA's content security policy forbids
    // (the same setting as the admin's build, vite.config.ts).
    rollupOptions: {
      onwarn: onRollupWarning,
      output: { intro: 'globalThis.__zod_globalConfig ??= { jitless: true };' },
    },
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
