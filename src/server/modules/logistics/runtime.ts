/**
 * What the logistics module needs from outside, built once by app.ts: the marketplaces'
 * runtime (connectors, apps, the secret box — channel keys are sealed with the same key as
 * shop tokens), the carriers' adapters and hosts, the network, a clock and a way to wait.
 */
import type { CarrierCode } from '@shared/domain/logistics.js';
import { AppError } from '@shared/errors.js';
import type { MarketplaceRuntime } from '../marketplaces/index.js';
import { CARRIER_ADAPTERS, type CarrierAdapter, type CarrierUrls } from './carriers/index.js';

export interface LogisticsRuntime {
  marketplaces: MarketplaceRuntime;
  carriers: Record<CarrierCode, CarrierAdapter>;
  carrierUrls: CarrierUrls;
}

export function logisticsRuntime(
  marketplaces: MarketplaceRuntime,
  carrierUrls: CarrierUrls,
): LogisticsRuntime {
  return { marketplaces, carriers: CARRIER_ADAPTERS, carrierUrls };
}

/** The carrier's adapter and host; 'logistics.not_configured' when this server has no host for it. */
export function carrierOf(
  runtime: LogisticsRuntime,
  code: CarrierCode,
): { adapter: CarrierAdapter; apiUrl: string } {
  const apiUrl = runtime.carrierUrls[code];
  if (!apiUrl || !runtime.marketplaces.box) throw new AppError('logistics.not_configured', { carrier: code });
  return { adapter: runtime.carriers[code], apiUrl };
}
