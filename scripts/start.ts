/**
 * `npm start`: builds the web apps when they are missing or older than their sources, then
 * starts the server (src/server/main.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = ['src/admin', 'src/api', 'src/shared', 'locales', 'public', 'vite.config.ts', 'package-lock.json'];
const STAMP = 'dist/admin/.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
const changedAt = Math.max(...SOURCES.map(newestMtime));
if (process.env.SKIP_WEB_BUILD !== 'true' && changedAt > builtAt) {
  console.log(builtAt === 0 ? 'building the web apps…' : 'the web apps changed: rebuilding…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('the web build failed');
    process.exit(build.status ?? 1);
  }
  writeFileSync(STAMP, new Date().toISOString());
}

await import('../src/server/main.js');
