/**
 * A PDA device's key as the server keeps it: only its SHA-256 (pda_devices.key_hash). Here, not
 * in the pda module, because the logistics module checks a key too (GET /pda/waves) and the pda
 * module imports logistics.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { DEVICE_KEY_HEADER } from '@shared/contract/pda.js';

/** The hex SHA-256 the server keeps of a device's key. */
export function deviceKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The device key a pull presents in its X-Device-Key header, if it presents one. */
export function presentedDeviceKey(request: FastifyRequest): string | undefined {
  const key = request.headers[DEVICE_KEY_HEADER];
  return typeof key === 'string' ? key : undefined;
}
