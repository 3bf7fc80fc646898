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

const ORDER_ID = '00000000-0000-4000-8000-00000000e001';
const SKU_ID = '00000000-0000-4000-8000-00000000f001';
const BOX_ID = '00000000-0000-4000-8000-00000000f101';
const line = {
  skuId: SKU_ID,
  sellerSku: 'MUG-RED',
  sysCode: 'S00000001',
  productName: 'Red mug',
  shipQuantity: 20,
  receivedQuantity: 17,
  shelvedQuantity: 9,
  damagedQuantity: 1,
};
const detail: Detail = {
  id: ORDER_ID,
  inboundNo: 'IN202611210001',
  sellerId: '00000000-0000-4000-8000-00000000c001',
  sellerName: 'Siam Shop',
  warehouseId: WAREHOUSE_ID,
  warehouseCode: 'BKK1',
  transportMode: 'air',
  expectedArrival: null,
  warehousingType: 'return',
  shippingRemark: 'fragile',
  status: 'abnormal',
  abnormalReason: 'Short by 2',
  boxCount: 1,
  shipQuantity: 20,
  receivedQuantity: 17,
  shelvedQuantity: 9,
  createdAt: '2026-11-21T08:00:00.000Z',
  receivingLocationCode: 'RECV-01',
  boxes: [{ id: BOX_ID, boxNo: 'BOX-77', finishedAt: null, lines: [{ id: 'l1', ...line }] }],
  skus: [line],
  discrepancies: [
    {
      id: 'd1',
      boxId: BOX_ID,
      skuId: SKU_ID,
      barcode: null,
      kind: 'short',
      quantity: 2,
      reason: 'two missing',
      photos: [],
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  records: [
    {
      id: 1,
      kind: 'shelve_move',
      skuId: SKU_ID,
      sellerSku: 'MUG-RED',
      quantity: 9,
      fromLocationCode: 'RECV-01',
      toLocationCode: 'A01-01-01',
      reason: '',
      actorName: 'Somchai',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
};

useApiServer(
  http.get(api('/inbound/order/detail'), ({ request }) =>
    new URL(request.url).searchParams.get('id') === ORDER_ID ? ok(detail) : ok(null),
  ),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
);

describe('the inbound detail (/inbound/detail?id=…)', () => {
  it('shows the header, progress, discrepancies and records', async () => {
    signIn('ware_manager', [PERMISSIONS.inboundList]);
    renderWithProviders(<InboundDetail />, { route: `/inbound/detail?id=${ORDER_ID}` });
    expect(await screen.findByText('Inbound order IN202611210001')).toBeTruthy();
    expect(screen.getAllByText('RECV-01').length).toBeGreaterThan(1);
    expect(screen.getAllByText('BOX-77').length).toBeGreaterThan(1);
    expect(screen.getAllByText('Short by 2').length).toBeGreaterThan(0);
    const discrepancy = screen.getByText('two missing').closest('tr');
    if (!(discrepancy instanceof HTMLElement)) throw new Error('no discrepancy row');
    expect(within(discrepancy).getByText('Short')).toBeTruthy();
    const record = screen.getByText('Somchai').closest('tr');
    if (!(record instanceof HTMLElement)) throw new Error('no record row');
    expect(within(record).getByText('A01-01-01')).toBeTruthy();
    expect(screen.getAllByText('17').length).toBeGreaterThan(0);
  });
});
