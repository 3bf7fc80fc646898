import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { closedFolderOnTheWay } from './embedded.js';

const base = mkdtempSync(join(tmpdir(), 'wms-embedded-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('closedFolderOnTheWay', () => {
  it('names the first folder on the way that other users may not enter', () => {
    // mkdtemp makes its folder for its owner only, as a home folder often is.
    mkdirSync(join(base, 'project'));
    expect(closedFolderOnTheWay(join(base, 'project'))).toBe(base);

    chmodSync(base, 0o755);
    mkdirSync(join(base, 'private'), { mode: 0o700 });
    mkdirSync(join(base, 'private', 'project'), { mode: 0o755 });
    expect(closedFolderOnTheWay(join(base, 'private', 'project'))).toBe(join(base, 'private'));
    expect(closedFolderOnTheWay(join(base, 'project'))).toBeNull();
  });
});
