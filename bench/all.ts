/**
 * `npm run bench`: every part of the bench, one after another, each in its own process. A part
 * that fails (a crash, a refused scan marked FAIL, a missing file) is reported and the run goes
 * on with the next; the run ends with a line per part and exits non-zero if any failed.
 *
 * The parts in order; a new part is one more line here. `BENCH_PARTS=pda,pick` runs only those
 * (names without `.ts`), in this order.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const BENCH_PARTS = [
  'run',
  'bundle',
  'pda',
  'counts',
  'pick',
  'pack-paint',
  'orders',
  'marketplaces',
  'simulated-day',
  'labels',
  'start',
] as const;

const HERE = fileURLToPath(new URL('.', import.meta.url));
const TSX = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

interface Outcome {
  part: string;
  status: 'ok' | 'FAIL';
  why: string;
  seconds: number;
}

/** The parts to run: all, or those BENCH_PARTS names (an unknown name is a failure of its own). */
function chosenParts(): string[] {
  const asked = process.env.BENCH_PARTS?.split(',').map((name) => name.trim().replace(/\.ts$/, ''));
  if (!asked || asked.length === 0 || asked[0] === '') return [...BENCH_PARTS];
  return [
    ...BENCH_PARTS.filter((part) => asked.includes(part)),
    ...asked.filter((name) => !BENCH_PARTS.some((part) => part === name)),
  ];
}

function runPart(part: string): Outcome {
  const file = `${HERE}${part}.ts`;
  const started = Date.now();
  if (!existsSync(file)) return { part, status: 'FAIL', why: `no bench/${part}.ts`, seconds: 0 };
  console.log(`\n=== bench/${part}.ts`);
  const result = spawnSync(TSX, [file], { stdio: 'inherit', env: process.env });
  const seconds = (Date.now() - started) / 1000;
  if (result.error) return { part, status: 'FAIL', why: result.error.message, seconds };
  if (result.signal) return { part, status: 'FAIL', why: `stopped by ${result.signal}`, seconds };
  if (result.status !== 0) return { part, status: 'FAIL', why: `exit code ${result.status}`, seconds };
  return { part, status: 'ok', why: '', seconds };
}

const outcomes = chosenParts().map(runPart);
console.log('\nbench parts:');
for (const outcome of outcomes)
  console.log(
    `  ${outcome.status.padEnd(4)} ${`${outcome.part}.ts`.padEnd(18)} ${outcome.seconds.toFixed(1).padStart(7)} s  ${outcome.why}`,
  );
const failed = outcomes.filter((outcome) => outcome.status === 'FAIL');
console.log(failed.length === 0 ? 'all parts ran' : `${failed.length} of ${outcomes.length} parts failed`);
if (failed.length > 0) process.exitCode = 1;
