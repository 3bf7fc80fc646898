/**
 * The connectors, one per marketplace (each in its own folder: signing, normalising, the
 * connector). A platform missing here cannot be authorised ('shop.not_configured').
 */
import type { MarketplacePlatform } from '@shared/domain/marketplaces.js';
import type { Connector } from '../connector.js';
import { coupangConnector } from './coupang/connector.js';
import { joomConnector } from './joom/connector.js';
import { lazadaConnector } from './lazada/connector.js';
import { shopeeConnector } from './shopee/connector.js';
import { shopifyConnector } from './shopify/connector.js';
import { tiktokConnector } from './tiktok/connector.js';

export const CONNECTORS: Partial<Record<MarketplacePlatform, Connector>> = {
  shopee: shopeeConnector,
  lazada: lazadaConnector,
  coupang: coupangConnector,
  shopify: shopifyConnector,
  tiktok: tiktokConnector,
  joom: joomConnector,
};
