import { defineConfig } from 'vitest/config';

/**
 * Test tiers (DESIGN §8): `unit` beside the code, `server` through app.inject against a real
 * PostgreSQL. `npm test` (scripts/test.ts) runs every tier and prints the counts.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
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
    ],
  },
});
