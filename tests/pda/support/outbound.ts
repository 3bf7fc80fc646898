/**
 * The outbound work the pack, bag and hand-over screen tests start from: parcels of one
 * warehouse (to pack, packed, bagged, cancelled after picking) and their SKUs' codes.
 */
import type { PdaBag, PdaOutboundWork, PdaParcel } from '@shared/contract/packing.js';
import { SCREEN_IDS } from './screen.js';

export const SKU_B = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
export const CHANNEL_A = 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee';
export const CHANNEL_B = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
export const OTHER_WAREHOUSE = '66666666-6666-4666-8666-666666666666';

let number = 0;
export function parcel(change: Partial<PdaParcel> = {}): PdaParcel {
  number += 1;
  const orderId = `00000000-0000-4000-8000-${String(number).padStart(12, '0')}`;
  return {
    orderId,
    orderNo: `SO${number}`,
    trackingNo: `TH${String(number).padStart(10, '0')}`,
    warehouseId: SCREEN_IDS.WAREHOUSE,
    channelId: CHANNEL_A,
    channelName: 'Kerry',
    state: 'to_pack',
    bagId: null,
    weightGrams: null,
    lines: [
      {
        skuId: SCREEN_IDS.SKU_A,
        sellerSku: 'MUG-RED',
        name: 'Red mug',
        quantity: 1,
        codes: ['MUG-RED', '6901234567892'],
      },
    ],
    picks: [],
    ...change,
  };
}

export const mixedLines: PdaParcel['lines'] = [
  {
    skuId: SCREEN_IDS.SKU_A,
    sellerSku: 'MUG-RED',
    name: 'Red mug',
    quantity: 2,
    codes: ['MUG-RED', '6901234567892'],
  },
  {
    skuId: SKU_B,
    sellerSku: 'MUG-BLUE',
    name: 'Blue mug',
    quantity: 1,
    codes: ['MUG-BLUE', '6901234567908'],
  },
];

export function bag(change: Partial<PdaBag> = {}): PdaBag {
  number += 1;
  return {
    id: `bbbbbbbb-0000-4000-8000-${String(number).padStart(12, '0')}`,
    bagNo: `BAG${number}`,
    warehouseId: SCREEN_IDS.WAREHOUSE,
    channelId: null,
    status: 'open',
    weightGrams: null,
    orderIds: [],
    ...change,
  };
}

export const work = (parcels: PdaParcel[], bags: PdaBag[] = []): PdaOutboundWork => ({ parcels, bags });
