/**
 * A PDA device's key as the server keeps it: only its SHA-256 (pda_devices.key_hash). Here, not
 * in the pda module, because the logistics module checks a key too (GET /pda/waves) and the pda
 * module imports logistics.
 */
import { createHash } from 'node:crypto';

/** The hex SHA-256 the server keeps of a device's key. */
export function deviceKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
