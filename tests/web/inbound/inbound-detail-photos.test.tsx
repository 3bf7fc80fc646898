import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
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
const detail: Detail = {
  id: ORDER_ID,
  inboundNo: 'IN202611210001',
  sellerId: '00000000-0000-4000-8000-00000000c001',
  sellerName: 'Siam Shop',
  warehouseId: WAREHOUSE_ID,
  warehouseCode: 'BKK1',
  transportMode: 'air',
  expectedArrival: null,
  warehousingType: 'normal',
  shippingRemark: '',
  status: 'abnormal',
  abnormalReason: 'Damaged',
  boxCount: 0,
  shipQuantity: 0,
  receivedQuantity: 0,
  shelvedQuantity: 0,
  createdAt: '2026-11-21T08:00:00.000Z',
  receivingLocationCode: 'RECV-01',
  boxes: [],
  skus: [],
  discrepancies: [
    {
      id: 'd1',
      boxId: null,
      skuId: null,
      barcode: '690123',
      kind: 'unknown_sku',
      quantity: 1,
      reason: 'no label',
      photos: ['inbound/s1/a.jpg', 'inbound/s1/b.jpg'],
      createdAt: '2026-11-21T09:00:00.000Z',
    },
  ],
  records: [],
};
const tokens: (string | null)[] = [];

useApiServer(
  http.get(api('/inbound/order/detail'), () => ok(detail)),
  http.get(api('/sys/dict/getDictItems/:code'), () => ok([])),
  http.get(api('/sys/common/static/*'), ({ request }) => {
    tokens.push(request.headers.get('x-access-token'));
    return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), {
      headers: { 'content-type': 'image/jpeg' },
    });
  }),
);

describe('the inbound detail’s discrepancy photos and box labels', () => {
  it('shows each photo as a thumbnail fetched with the session token, and offers the box labels', async () => {
    signIn('ware_manager', [PERMISSIONS.inboundList]);
    const { container } = renderWithProviders(<InboundDetail />, { route: `/inbound/detail?id=${ORDER_ID}` });
    expect(await screen.findByText('no label')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Print box labels/ })).toBeTruthy();
    await waitFor(() => expect(tokens).toHaveLength(2));
    expect(tokens.every((token) => typeof token === 'string' && token.length > 0)).toBe(true);
    await waitFor(() =>
      expect(container.querySelectorAll('img.ant-image-img[src^="blob:"]')).toHaveLength(2),
    );
  });
});
