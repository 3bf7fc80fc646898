/**
 * A device's key: issued once at registration (push.service.ts registerDevice), kept on the
 * device, and only its SHA-256 in pda_devices. A push presents it in its body, a pull that names
 * its device in the X-Device-Key header; a call naming a device without its key is refused, so
 * no other user or device acts or reads in its name, while workers signing in one after another
 * on a shared handheld go on with it.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError } from '@shared/errors.js';
import type { TenantTx } from '../../db/client.js';
import { deviceKeyHash } from '../../access/device-key.js';
import { pdaDevices } from './pda.tables.js';

export { DEVICE_KEY_HEADER } from '@shared/contract/pda.js';

export { deviceKeyHash } from '../../access/device-key.js';

/**
 * The device's last applied seq when `key` is the one issued to it, else 'pda.device_unknown';
 * `lock` holds its row for the rest of the transaction (a push applies its ops under it).
 */
export async function deviceWithKey(
  tx: TenantTx,
  deviceId: string,
  key: string | undefined,
  { lock }: { lock: boolean },
): Promise<{ lastSeq: number }> {
  const query = tx
    .select({ lastSeq: pdaDevices.lastSeq, keyHash: pdaDevices.keyHash })
    .from(pdaDevices)
    .where(eq(pdaDevices.deviceId, deviceId));
  const [device] = lock ? await query.for('update') : await query;
  const expected = Buffer.from(device?.keyHash ?? '', 'hex');
  const presented = Buffer.from(deviceKeyHash(key ?? ''), 'hex');
  if (!device || !key || expected.length !== presented.length || !timingSafeEqual(expected, presented))
    throw new AppError('pda.device_unknown');
  return { lastSeq: device.lastSeq };
}
