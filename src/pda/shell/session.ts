/**
 * Who works on the device and where: login through the shared client (POST /api/sys/login),
 * refused for roles that do not work in a warehouse, and the chosen warehouse kept on the
 * device. Warehouses come from GET /api/warehouse/options when online, remembered for offline
 * starts, or else from the warehouses of the pulled locations.
 */
import { z } from 'zod';
import { ApiError, getParsed, request } from '@api/client.js';
import { sessionStore } from '@api/storage.js';
import { loginResult, type FailedSignIns, type UserInfo } from '@shared/contract/identity.js';
import { warehouseOption, type WarehouseOption } from '@shared/contract/warehouse.js';
import type { UserRole } from '@shared/domain/roles.js';
import { META_KEYS, writeMeta, type PdaDatabase } from '../data/db.js';
import { queuedByOthers } from '../sync/outbox.js';

export const PDA_ROLES: readonly UserRole[] = ['ware_manager', 'ware_staff', 'agent_manager', 'admin'];

const WAREHOUSE_KEY = 'pda.warehouse';
const WAREHOUSES_KEY = 'pda.warehouses';

export class RoleRefusedError extends Error {
  constructor(readonly role: UserRole) {
    super(`role ${role} may not use the PDA`);
  }
}

export function mayUsePda(user: UserInfo | null): boolean {
  return user !== null && PDA_ROLES.includes(user.userRole);
}

/** Roles that may take over (and send, under their own name) another worker's queued scans. */
export const SUPERVISOR_ROLES: readonly UserRole[] = ['ware_manager', 'agent_manager', 'admin'];

export class QueuedByOtherError extends Error {
  constructor(
    readonly workerName: string,
    readonly count: number,
  ) {
    super(`${count} scans of ${workerName} are not synced yet`);
  }
}

/** Who signed in, and the failed attempts on their account since their last sign-in, if any. */
export interface SignedIn {
  user: UserInfo;
  failedSignIns: FailedSignIns | null;
}

/** Ends the session on the server, best effort (offline, the token simply expires). */
async function endServerSession(): Promise<void> {
  try {
    await request('/sys/logout', { method: 'POST', body: {} });
  } catch {
    // Offline or already ended: nothing more to do on the device.
  }
}

/**
 * Logs in; a role outside the warehouse is refused before anything is kept. On a shared device
 * whose queue still holds another worker's scans, only a supervisor may log in (and send them);
 * anyone else is refused, with the new session ended again, so no scan is sent under the wrong
 * name. The worker is remembered with the device's queue. The failed sign-in attempts the server
 * tells (once) come back with the worker, for the app to show.
 */
export async function login(db: PdaDatabase, username: string, password: string): Promise<SignedIn> {
  const result = await request('/sys/login', {
    method: 'POST',
    body: { username, password },
    schema: loginResult,
  });
  if (!mayUsePda(result.userInfo)) throw new RoleRefusedError(result.userInfo.userRole);
  sessionStore.save(result.token, result.userInfo);
  const waiting = await queuedByOthers(db, result.userInfo.id);
  if (waiting && !SUPERVISOR_ROLES.includes(result.userInfo.userRole)) {
    await endServerSession();
    sessionStore.clear();
    throw new QueuedByOtherError(waiting.name, waiting.count);
  }
  const user = result.userInfo;
  await writeMeta(db, META_KEYS.worker, { id: user.id, name: user.realname || user.username });
  return { user, failedSignIns: result.failedSignIns ?? null };
}

/** Logs out on the server and the device; the queue and the reference data stay. */
export async function logout(): Promise<void> {
  await endServerSession();
  sessionStore.clear();
  localStorage.removeItem(WAREHOUSE_KEY);
}

export function storedWarehouse(): WarehouseOption | null {
  const parsed = warehouseOption.safeParse(JSON.parse(localStorage.getItem(WAREHOUSE_KEY) ?? 'null'));
  return parsed.success ? parsed.data : null;
}

export function chooseWarehouse(warehouse: WarehouseOption): void {
  localStorage.setItem(WAREHOUSE_KEY, JSON.stringify(warehouse));
}

/** The warehouses the worker may choose: online from the server, offline from what is known. */
export async function warehouseChoices(db: PdaDatabase): Promise<WarehouseOption[]> {
  try {
    const options = await getParsed('/warehouse/options', z.array(warehouseOption));
    localStorage.setItem(WAREHOUSES_KEY, JSON.stringify(options));
    return options;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 0) throw error;
  }
  const remembered = z
    .array(warehouseOption)
    .safeParse(JSON.parse(localStorage.getItem(WAREHOUSES_KEY) ?? '[]'));
  if (remembered.success && remembered.data.length > 0) return remembered.data;
  const ids = new Set<string>();
  await db.locations.each((row) => {
    if (typeof row.data.warehouseId === 'string') ids.add(row.data.warehouseId);
  });
  return [...ids].map((id) => ({ id, code: id.slice(0, 8), name: '', country: '' }));
}
