/**
 * Builds the web apps when they are missing or older than their sources (used by `npm start`
 * and by the browser tests).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

interface WebApp {
  name: string;
  config: string;
  sources: string[];
  stamp: string;
}

const APPS: WebApp[] = [
  {
    name: 'admin',
    config: 'vite.config.ts',
    sources: [
      'src/admin',
      'src/api',
      'src/shared',
      'locales',
      'public',
      'vite.config.ts',
      'package-lock.json',
    ],
    stamp: 'dist/admin/.build-stamp',
  },
  {
    name: 'pda',
    config: 'vite.pda.config.ts',
    sources: ['src/pda', 'src/api', 'src/shared', 'locales', 'vite.pda.config.ts', 'package-lock.json'],
    stamp: 'dist/pda/.build-stamp',
  },
];

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

function ensureApp(app: WebApp, log: (message: string) => void): boolean {
  const builtAt = existsSync(app.stamp) ? statSync(app.stamp).mtimeMs : 0;
  const changedAt = Math.max(...app.sources.map(newestMtime));
  if (changedAt <= builtAt) return true;
  log(builtAt === 0 ? `building the ${app.name} web app…` : `the ${app.name} web app changed: rebuilding…`);
  const build = spawnSync('npx', ['vite', 'build', '--config', app.config, '--logLevel', 'warn'], {
    stdio: 'inherit',
  });
  if (build.status !== 0) return false;
  writeFileSync(app.stamp, new Date().toISOString());
  return true;
}

/** Builds each web app (admin, PDA) that is missing or stale. Returns false when a build failed. */
export function ensureWebBuild(log: (message: string) => void = console.log): boolean {
  return APPS.every((app) => ensureApp(app, log));
}
