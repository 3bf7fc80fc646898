import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InboundDetail } from '@admin/screens/inbound/InboundDetail.js';
import type { InboundDetail as Detail } from '@shared/contract/inbound.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { WAREHOUSE_ID } from '../inventory/fixtures.js';

vi.setConfig({ testTimeout: 30_000 });

const ORDER_ID = '00000000-0000-4000-8000-00000000e002';
const SKU_ID = '00000000-0000-4000-8000-00000000f002';
const BOX_ID = '00000000-0000-4000-8000-00000000f102';
const line = {
  skuId: SKU_ID,
  sellerSku: 'CUP-BLUE',
  sysCode: 'S00000002',
  productName: 'Blue cup',
  shipQuantity: 12,
  receivedQuantity: 15,
  shelvedQuantity: 0,
  damagedQuantity: 0,
};
const detail: Detail = {
  id: ORDER_ID,
  inboundNo: 'IN202611270001',
  sellerId: '00000000-0000-4000-8000-00000000c001',
  sellerName: 'Siam Shop',
  warehouseId: WAREHOUSE_ID,
  warehouseCode: 'BKK1',
  transportMode: 'sea',
  expectedArrival: null,
  warehousingType: 'normal',
  shippingRemark: '',
  status: 'received',
  abnormalReason: 'CUP-BLUE +3 (15 / 12)',
  boxCount: 1,
  shipQuantity: 12,
  receivedQuantity: 15,
  shelvedQuantity: 0,
  createdAt: '2026-11-27T08:00:00.000Z',
  receivingLocationCode: 'RECV-01',
  boxes: [{ id: BOX_ID, boxNo: 'BOX-9', finishedAt: null, lines: [{ id: 'l1', ...line }] }],
  skus: [line],
  discrepancies: [
    {
      id: 'd1',
      boxId: BOX_ID,
      skuId: SKU_ID,
      barcode: null,
      kind: 'over',
      quantity: 3,
      reason: 'CUP-BLUE +3 (15 / 12)',
      photos: [],
      createdAt: '2026-11-27T09:00:00.000Z',
    },
  ],
  records: [],
};

useApiServer(
  http.get(api('/inbound/order/detail'), () => ok(detail)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

describe('the inbound detail of an over-received order', () => {
  it('shows the over-received figure beside the progress and the over difference', async () => {
    signIn('ware_manager', [PERMISSIONS.inboundList]);
    renderWithProviders(<InboundDetail />, { route: `/inbound/detail?id=${ORDER_ID}` });
    expect(await screen.findByText('Inbound order IN202611270001')).toBeTruthy();
    expect(screen.getByTestId('over-received').textContent).toBe('3');
    expect(screen.getByText('Over-received')).toBeTruthy();
    // Per box and per SKU, the progress says how many over rather than stopping at 100 %.
    expect(screen.getAllByText('3 over-received').length).toBe(2);
    const row = screen
      .getAllByText('CUP-BLUE +3 (15 / 12)')
      .map((cell) => cell.closest('tr'))
      .find(Boolean);
    if (!(row instanceof HTMLElement)) throw new Error('no discrepancy row');
    expect(within(row).getByText('Over')).toBeTruthy();
  });
});
