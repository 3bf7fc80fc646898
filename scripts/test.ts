/**
 * `npm test`: every test tier that can run on this machine, one after another, with the
 * counts of each and a closing line `tests: N passed, N failed, N skipped`. A tier that
 * cannot run here (no Chromium for browser tests) is reported and counted as skipped.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuild } from './web-build.js';

interface Tier {
  name: string;
  project: string;
  needs?: () => string | null;
}

const CHROMIUM = '/usr/bin/chromium';

const TIERS: Tier[] = [
  { name: 'unit', project: 'unit' },
  { name: 'server (real PostgreSQL)', project: 'server' },
  { name: 'web components', project: 'web' },
  { name: 'pda', project: 'pda' },
  {
    name: 'browser (Chromium)',
    project: 'e2e',
    needs: () => {
      if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (apt-get install -y chromium)`;
      return ensureWebBuild() ? null : 'the web build failed';
    },
  },
];

interface VitestReport {
  testResults?: {
    name: string;
    message?: string;
    assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numTotalTests: number;
  success: boolean;
}

const outDir = join('data', 'test-reports');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
const failures: string[] = [];

/** The failed tests of one report, each with the first line of its message. */
function failuresOf(tier: string, result: VitestReport): string[] {
  const lines: string[] = [];
  for (const file of result.testResults ?? []) {
    const name = file.name.replace(process.cwd() + '/', '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) {
      const first = (test.failureMessages?.[0] ?? '').split('\n')[0]?.slice(0, 300);
      lines.push(`[${tier}] ${name} > ${test.fullName}\n      ${first}`);
    }
    if (failedTests.length === 0 && file.message) {
      lines.push(`[${tier}] ${name}\n      ${file.message.split('\n')[0]?.slice(0, 300)}`);
    }
  }
  return lines;
}

for (const tier of TIERS) {
  const missing = tier.needs?.();
  if (missing) {
    console.log(`\n[${tier.name}] skipped: ${missing}`);
    skipped += 1;
    if (missing.includes('failed')) broken = true;
    continue;
  }
  const report = join(outDir, `${tier.project}.json`);
  console.log(`\n[${tier.name}]`);
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      tier.project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env: process.env },
  );
  if (!existsSync(report)) {
    console.log(`[${tier.name}] did not produce a report (exit ${run.status})`);
    broken = true;
    continue;
  }
  const result = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  passed += result.numPassedTests;
  failed += result.numFailedTests;
  skipped += result.numPendingTests + result.numTodoTests;
  if (run.status !== 0 && result.numFailedTests === 0) broken = true;
  failures.push(...failuresOf(tier.name, result));
  console.log(
    `[${tier.name}] ${result.numPassedTests} passed, ${result.numFailedTests} failed, ${result.numPendingTests + result.numTodoTests} skipped`,
  );
}

if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  - ${line}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || broken || passed === 0 ? 1 : 0);
