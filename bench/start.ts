/**
 * Part of `npm run bench`: how long a newcomer waits. A fresh clone of this repository's HEAD in
 * a temporary folder, `npm ci` there (timed, not part of the target), then `npm start` until
 * /api/health answers (first start: web builds, a new embedded PostgreSQL, migrations, demo
 * data), stopped, and started again (restart). Targets: first start ≤ 60 s, restart ≤ 5 s.
 * BENCH_START=off skips it; the clone is removed afterwards.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const FIRST_START_TARGET_S = 60;
const RESTART_TARGET_S = 5;
const GIVE_UP_S = 600;
/** Ports of the clone's server and its embedded PostgreSQL, apart from a developer's own. */
const PORT = 18_480;
const EMBEDDED_PG_PORT = 54_380;

/**
 * The environment of a newcomer's shell: none of the npm_* settings `npm run bench` passes down
 * (they would point npm in the clone at this checkout), and no database named, so `npm start`
 * starts its embedded PostgreSQL.
 */
function newcomerEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.toLowerCase().startsWith('npm_') && name !== 'DATABASE_URL' && name !== 'INIT_CWD',
    ),
  );
}

function seconds(since: bigint): number {
  return Number(process.hrtime.bigint() - since) / 1e9;
}

async function healthy(): Promise<boolean> {
  try {
    const reply = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    return reply.ok;
  } catch {
    return false;
  }
}

/** `npm start` in the clone; answers the seconds until healthy, and the running process. */
async function startUntilHealthy(clone: string): Promise<{ seconds: number; server: ChildProcess }> {
  const started = process.hrtime.bigint();
  const logFile = join(clone, 'start.log');
  const log = openSync(logFile, 'a');
  const failed = (why: string) =>
    new Error(
      `${why}; the end of its output:\n${readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n')}`,
    );
  const server = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...newcomerEnv(), PORT: String(PORT), EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT) },
    stdio: ['ignore', log, log],
    detached: true,
  });
  let exited = false;
  server.on('exit', () => {
    exited = true;
  });
  while (!(await healthy())) {
    if (exited) throw failed('npm start exited before it was healthy');
    if (seconds(started) > GIVE_UP_S) throw failed(`not healthy after ${GIVE_UP_S} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { seconds: seconds(started), server };
}

/** Stops the server as Ctrl+C would (the whole process group) and waits for it to end. */
async function stop(server: ChildProcess): Promise<void> {
  const ended = new Promise((resolve) => server.on('exit', resolve));
  if (server.pid) process.kill(-server.pid, 'SIGINT');
  await ended;
}

async function main() {
  if (process.env.BENCH_START === 'off') {
    console.log('\nfirst start: skipped (BENCH_START=off)');
    return;
  }
  const clone = mkdtempSync(join(tmpdir(), 'wms-bench-start-'));
  // mkdtemp's folder is its owner's only; run as root, the embedded PostgreSQL runs as 'postgres'.
  chmodSync(clone, 0o755);
  try {
    const cloned = spawnSync('git', ['clone', '--quiet', '--local', '--no-hardlinks', process.cwd(), clone]);
    if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr.toString()}`);
    const installStarted = process.hrtime.bigint();
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: clone,
      env: newcomerEnv(),
      stdio: 'ignore',
    });
    if (install.status !== 0) throw new Error('npm ci failed in the clone');
    const installSeconds = seconds(installStarted);

    const first = await startUntilHealthy(clone);
    await stop(first.server);
    const again = await startUntilHealthy(clone);
    await stop(again.server);

    const line = (label: string, value: number, target: number) =>
      `  ${label.padEnd(34)} ${value.toFixed(1).padStart(6)} s   target ≤ ${target} s: ${value <= target ? 'met' : 'NOT met'}`;
    console.log('\nnpm start on a fresh clone (embedded PostgreSQL, demo data)');
    console.log(`  npm ci                             ${installSeconds.toFixed(1).padStart(6)} s`);
    console.log(line('first start until healthy', first.seconds, FIRST_START_TARGET_S));
    console.log(line('restart until healthy', again.seconds, RESTART_TARGET_S));
  } finally {
    rmSync(clone, { recursive: true, force: true });
  }
}

await main();
