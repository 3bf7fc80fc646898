/**
 * How much JavaScript a page makes the browser load, gzipped: the scripts Chromium fetched,
 * each compressed with gzip level 9 from the built files (dist/admin for the admin, dist/pda
 * for the PDA under /pda/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/**
 * The login page's first load: what a new user waits for on a slow line. 285 KB leaves room for
 * the money and agent-site screens to come (282.3 KB at the time it was set).
 */
export const LOGIN_PAGE_BUDGET_BYTES = 285 * 1024;
/** The PDA's first load (its sign-in screen), on a handheld's mobile data. */
export const PDA_FIRST_LOAD_BUDGET_BYTES = 200 * 1024;

export interface ScriptLoad {
  path: string;
  gzipBytes: number;
}

/** The built file behind a script's path: /pda/… from dist/pda, everything else from dist/admin. */
function builtFile(path: string): string {
  return path.startsWith('/pda/') ? join('dist/pda', path.slice('/pda/'.length)) : join('dist/admin', path);
}

/** Starts recording the scripts the page loads; call the returned function to read them. */
export function recordScripts(page: Page): () => ScriptLoad[] {
  const seen = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') seen.add(new URL(response.url()).pathname);
  });
  return () =>
    [...seen].map((path) => ({
      path,
      gzipBytes: gzipSync(readFileSync(builtFile(path)), { level: 9 }).length,
    }));
}

export function totalBytes(loads: ScriptLoad[]): number {
  return loads.reduce((sum, load) => sum + load.gzipBytes, 0);
}
