import { defineConfig } from 'vitest/config';
import { AREA_ALIASES } from './aliases.js';

/**
 * Test tiers (docs/architecture.md §9): `unit` beside the code, `server` through app.inject against a real
 * PostgreSQL, `pda` for the PDA's outbox and sync engine over fake-indexeddb. `npm test`
 * (scripts/test.ts) runs every tier and prints the counts.
 */
export default defineConfig({
  resolve: { alias: AREA_ALIASES },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'lint/**/*.test.ts'],
          // The PDA's tests need IndexedDB; they run in their own project below.
          exclude: ['src/pda/**'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          // jsdom renders of antd pages that load on demand, CPU-bound, on two CPUs running files
          // side by side: a test's own waits find the state it expects, and the test's limit is
          // far beyond them (a render that takes 5 s alone takes 20 s beside other work).
          testTimeout: 45_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'pda',
          include: ['src/pda/**/*.test.ts', 'tests/pda/**/*.test.{ts,tsx}'],
          // Screen tests render antd-mobile in jsdom: on a busy machine that alone passes 5 s.
          testTimeout: 45_000,
          // The outbox and sync engine over Dexie: fake-indexeddb in node, the server through msw.
          environment: 'node',
          setupFiles: ['tests/pda/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Browser tests wait for the state they expect, however busy the machine: a poll gives
          // up only near the test's own time limit, never after vitest's default second.
          expect: { poll: { timeout: 45_000 } },
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
