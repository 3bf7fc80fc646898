/**
 * The carriers this server has adapters for, and where each one's API answers: the live host,
 * or `CARRIER_<CODE>_URL` from the environment (`npm start` points the sandbox carrier at the
 * bundled sandbox; README: Configuration).
 */
import type { CarrierCode } from '@shared/domain/logistics.js';
import type { CarrierAdapter } from './carrier.js';
import { sandboxCarrier } from './sandbox.js';

export const CARRIER_ADAPTERS: Record<CarrierCode, CarrierAdapter> = { sandbox: sandboxCarrier };

export type CarrierUrls = Partial<Record<CarrierCode, string>>;

export function readCarrierUrls(source: NodeJS.ProcessEnv = process.env): CarrierUrls {
  const urls: CarrierUrls = {};
  const sandbox = source.CARRIER_SANDBOX_URL ?? '';
  if (sandbox !== '') urls.sandbox = sandbox.replace(/\/+$/, '');
  return urls;
}

export { CarrierError, type CarrierAdapter, type CarrierContext, type CarrierParcel } from './carrier.js';
