/**
 * The apps the sandbox knows, one per marketplace: public test keys, worthless outside the
 * sandbox (several are the published test vectors' keys, so a request can be checked by
 * hand). `npm start` configures the server with them when it starts the sandbox beside it;
 * real keys come only from the environment (README: Configuration).
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';

export interface SandboxApp {
  appKey: string;
  appSecret: string;
}

export const SANDBOX_APPS: Record<MarketplacePlatform, SandboxApp> = {
  shopee: { appKey: '2001887', appSecret: 'sandbox_partner_key_0001' },
  lazada: { appKey: '123456', appSecret: '3412gyo124goi3124' },
  tiktok: { appKey: '29a39d', appSecret: 'tt_secret_0001' },
  shopify: { appKey: 'sandbox-shopify-client', appSecret: 'shpss_test_secret' },
  joom: { appKey: 'sandbox-joom-client', appSecret: 'joom_secret_0001' },
  // Coupang has no app: each vendor's own access and secret keys sign its calls.
  coupang: { appKey: '', appSecret: '' },
};

/** Coupang vendors the sandbox knows: vendor id → its access and secret key. */
export const SANDBOX_COUPANG_VENDORS: Record<string, { accessKey: string; secretKey: string }> = {
  A00012345: { accessKey: 'cp_access_0001', secretKey: 'cp_secret_0001' },
  A00067890: { accessKey: 'cp_access_0002', secretKey: 'cp_secret_0002' },
};
