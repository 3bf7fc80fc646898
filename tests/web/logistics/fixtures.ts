/** Channels, waybills and batches the logistics screen tests share, shaped by the contract. */
import type { BatchView, ChannelView, WaybillView } from '@shared/contract/logistics.js';
import { WAREHOUSE_ID } from '../inventory/fixtures.js';

const id = (prefix: number, sequence: number) =>
  `00000000-0000-4000-8000-${String(prefix + sequence).padStart(12, '0')}`;

export function pageOf<T>(records: T[]) {
  return { records, total: records.length, current: 1, size: 10, pages: 1 };
}

let channels = 0;
export function channelRow(overrides: Partial<ChannelView> = {}): ChannelView {
  channels += 1;
  return {
    id: id(0x1000, channels),
    kind: 'marketplace',
    name: `Channel ${channels}`,
    companyName: '',
    companyCode: '',
    platform: 'shopee',
    carrier: null,
    authStatus: 'authorised',
    authError: '',
    keyHint: '',
    isEnabled: true,
    warehouseIds: null,
    shopIds: null,
    createdAt: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

let waybills = 0;
export function waybillRow(overrides: Partial<WaybillView> = {}): WaybillView {
  waybills += 1;
  return {
    orderId: id(0x2000, waybills),
    orderNo: `SO-${1000 + waybills}`,
    systemNo: `S${2000 + waybills}`,
    platform: 'shopee',
    shopName: 'Siam Shopee',
    sellerName: 'Siam Shop',
    warehouseId: WAREHOUSE_ID,
    warehouseName: 'Bangkok 1',
    recipientName: 'Somchai',
    localStatus: 'pending_shipment',
    warehouseStatus: 'none',
    parcelType: 'single_single',
    units: 1,
    isReserved: true,
    channelId: null,
    channelName: '',
    arrangeStatus: 'to_arrange',
    trackingNo: '',
    carrierName: '',
    arrangeError: '',
    arrangeMessage: '',
    labelStatus: 'none',
    labelSource: '',
    channelPlatform: null,
    labelError: '',
    labelMessage: '',
    isPrinted: false,
    printCount: 0,
    isPicked: false,
    isPacked: false,
    trackingPushed: false,
    pushError: '',
    pushMessage: '',
    shipBy: null,
    orderedAt: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

export const BATCH_ID = id(0x3000, 1);

export function batchOf(overrides: Partial<BatchView> = {}): BatchView {
  return {
    id: BATCH_ID,
    kind: 'arrange',
    state: 'running',
    total: 2,
    succeeded: 0,
    failed: 0,
    hasPdf: false,
    errorMessage: '',
    problems: [],
    createdAt: '2026-11-25T08:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}
