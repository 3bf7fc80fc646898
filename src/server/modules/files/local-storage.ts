/**
 * Where uploaded files live (docs/architecture.md §7): a local directory, `./data/files` unless the app is
 * given another (tests use a temporary one). Each tenant has its own folder, so a key read
 * in one tenant never reaches another tenant's file; keys are random, never a user's file name.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';

export interface FileStorage {
  /** Stores new content; never overwrites. */
  put(tenantId: string, key: string, data: Buffer): Promise<void>;
  /** The content, or null when there is none under this key in this tenant. */
  get(tenantId: string, key: string): Promise<Buffer | null>;
  /** Deletes the content under this key, if there is any. */
  remove(tenantId: string, key: string): Promise<void>;
}

export function localFileStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (tenantId: string, key: string) => {
    const path = resolve(base, tenantId, key);
    if (!path.startsWith(join(base, tenantId) + sep)) throw new Error(`file key escapes its folder: ${key}`);
    return path;
  };
  return {
    async put(tenantId, key, data) {
      const path = pathOf(tenantId, key);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, data, { flag: 'wx' });
    },
    async get(tenantId, key) {
      try {
        return await readFile(pathOf(tenantId, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(tenantId, key) {
      await rm(pathOf(tenantId, key), { force: true });
    },
  };
}
