/** Stock rows and warehouses the inventory screen tests share. */
import type { StockRow } from '@shared/contract/inventory.js';

export const WAREHOUSE_ID = '00000000-0000-4000-8000-00000000a001';
export const LOCATION_ID = '00000000-0000-4000-8000-00000000b001';

export const WAREHOUSES = [{ id: WAREHOUSE_ID, code: 'BKK1', name: 'Bangkok 1', country: 'TH' }];

let sequence = 0;
export function stockRow(overrides: Partial<StockRow> = {}): StockRow {
  sequence += 1;
  return {
    warehouseId: WAREHOUSE_ID,
    skuId: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    available: 30,
    frozen: 5,
    total: 35,
    inTransit: 2,
    warehouseCode: 'BKK1',
    warehouseName: 'Bangkok 1',
    sellerId: '00000000-0000-4000-8000-00000000c001',
    sellerName: 'Siam Shop',
    productId: '00000000-0000-4000-8000-00000000d001',
    productName: `Mug ${sequence}`,
    photo: null,
    sellerSku: `MUG-${sequence}`,
    sysCode: `S0000000${sequence}`,
    customCode: null,
    localCode: `L-${sequence}`,
    variation: 'Blue',
    safetyStock: 10,
    isBelowSafety: false,
    cost: null,
    costCurrency: 'CNY',
    locationCodes: ['A01-01-01'],
    ages: { lt30: 11, '30_90': 12, '90_180': 7, gt180: 5 },
    oldestReceivedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
