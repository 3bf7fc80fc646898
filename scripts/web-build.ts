/**
 * Builds the web apps when they are missing or older than their sources (used by `npm start`
 * and by the browser tests).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src/admin',
  'src/api',
  'src/shared',
  'locales',
  'public',
  'vite.config.ts',
  'package-lock.json',
];
const STAMP = 'dist/admin/.build-stamp';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Returns false when the build failed. */
export function ensureWebBuild(log: (message: string) => void = console.log): boolean {
  const builtAt = existsSync(STAMP) ? statSync(STAMP).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map(newestMtime));
  if (changedAt <= builtAt) return true;
  log(builtAt === 0 ? 'building the web apps…' : 'the web apps changed: rebuilding…');
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (build.status !== 0) return false;
  writeFileSync(STAMP, new Date().toISOString());
  return true;
}
