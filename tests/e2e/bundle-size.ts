/**
 * How much JavaScript a page makes the browser load, gzipped: the scripts Chromium fetched,
 * each compressed with gzip level 9 from the built files in dist/admin.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';

export const LOGIN_PAGE_BUDGET_BYTES = 350 * 1024;

export interface ScriptLoad {
  path: string;
  gzipBytes: number;
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
      gzipBytes: gzipSync(readFileSync(join('dist/admin', path)), { level: 9 }).length,
    }));
}

export function totalBytes(loads: ScriptLoad[]): number {
  return loads.reduce((sum, load) => sum + load.gzipBytes, 0);
}
