/**
 * The login and visit log (sys_logs, spec 01 §7 /sys/loginfo, /sys/visitInfo): written here, by
 * the system module that owns it; identity records each sign-in through this.
 */
import type { TenantTx } from '../../db/client.js';
import { sysLogs } from './system.tables.js';

/** What the log's type column holds: a sign-in, a visit, an operation. */
export const LOG_TYPE = { login: 1, visit: 2, operation: 3 } as const;

export interface SysLogEntry {
  logType: (typeof LOG_TYPE)[keyof typeof LOG_TYPE];
  userId: string;
  username: string;
  ip: string;
  content: string;
}

/** One entry of the tenant's log, its texts cut to their columns. */
export async function writeSysLog(tx: TenantTx, entry: SysLogEntry): Promise<void> {
  await tx.insert(sysLogs).values({
    ...entry,
    username: entry.username.slice(0, 32),
    ip: entry.ip.slice(0, 64),
    content: entry.content.slice(0, 500),
  });
}
