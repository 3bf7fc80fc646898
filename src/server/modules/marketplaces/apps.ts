/**
 * Which marketplace apps this server has: each platform's app keys and API hosts, read from the
 * environment (README: Configuration). `<PLATFORM>_APP_KEY` and `<PLATFORM>_APP_SECRET` are the
 * app's credentials; `<PLATFORM>_API_URL` and `<PLATFORM>_AUTH_URL` override the live hosts —
 * `npm start` points them at the bundled sandbox. A platform without keys is not offered for
 * authorisation ('shop.not_configured'); Coupang needs no app (each vendor signs with its keys).
 */
import { MARKETPLACE_PLATFORMS, type MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { AppConfig } from './connector.js';

/** The live hosts, as each platform's documents give them. Shopify's `{shop}` is the shop's domain. */
const LIVE_HOSTS: Record<MarketplacePlatform, { apiUrl: string; authUrl: string }> = {
  shopee: { apiUrl: 'https://partner.shopeemobile.com', authUrl: 'https://partner.shopeemobile.com' },
  lazada: { apiUrl: 'https://api.lazada.co.th/rest', authUrl: 'https://auth.lazada.com' },
  tiktok: { apiUrl: 'https://open-api.tiktokglobalshop.com', authUrl: 'https://auth.tiktok-shops.com' },
  shopify: { apiUrl: 'https://{shop}', authUrl: 'https://{shop}' },
  joom: { apiUrl: 'https://api-merchant.joom.com', authUrl: 'https://api-merchant.joom.com' },
  coupang: { apiUrl: 'https://api-gateway.coupang.com', authUrl: '' },
};

export type MarketplaceApps = Partial<Record<MarketplacePlatform, AppConfig>>;

/** The configured apps; platforms whose keys are missing are left out. */
export function readMarketplaceApps(source: NodeJS.ProcessEnv = process.env): MarketplaceApps {
  const apps: MarketplaceApps = {};
  for (const platform of MARKETPLACE_PLATFORMS) {
    const prefix = platform.toUpperCase();
    const appKey = source[`${prefix}_APP_KEY`] ?? '';
    const appSecret = source[`${prefix}_APP_SECRET`] ?? '';
    if (platform !== 'coupang' && (appKey === '' || appSecret === '')) continue;
    const apiUrl = (source[`${prefix}_API_URL`] ?? LIVE_HOSTS[platform].apiUrl).replace(/\/+$/, '');
    const authUrl = (
      source[`${prefix}_AUTH_URL`] ??
      source[`${prefix}_API_URL`] ??
      LIVE_HOSTS[platform].authUrl
    ).replace(/\/+$/, '');
    apps[platform] = { appKey, appSecret, apiUrl, authUrl };
  }
  return apps;
}
