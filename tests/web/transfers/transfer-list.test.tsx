/**
 * The stock transfer list (/stock/transfer): the audit tabs, each transfer's warehouses and
 * quantities, a pass sent only after its confirmation (spec 02 §5), and Pass and Refuse offered
 * only on a transfer the signed-in user may audit (never their own).
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TransferList } from '@admin/screens/transfers/TransferList.js';
import type { TransferRow } from '@shared/contract/transfers.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const row: TransferRow = {
  id: '00000000-0000-4000-8000-00000000f0a1',
  batchNo: 'TF20261127-A1B2C3',
  fromWarehouseCode: 'DG01',
  toWarehouseCode: 'BKK1',
  status: 'to_audit',
  stage: 'waiting',
  quantity: 10,
  receivedQuantity: 0,
  shortQuantity: 0,
  auditorName: '',
  auditedAt: null,
  refuseReason: '',
  createdAt: '2026-11-27T08:00:00.000Z',
  isAuditable: true,
};
/** The manager's own transfer: the server audits it by someone else only (transfers.self_audit). */
const own: TransferRow = {
  ...row,
  id: '00000000-0000-4000-8000-00000000f0a2',
  batchNo: 'TF20261127-OWN001',
  isAuditable: false,
};
const audits: unknown[] = [];

useApiServer(
  http.get(api('/stock/transfer/list'), () => ok(pageOf([row, own], 2))),
  http.post(api('/stock/transfer/audit'), async ({ request }) => {
    audits.push(await request.json());
    return ok({ id: row.id, batchNo: row.batchNo, status: 'audited', stage: 'in_transit' }, 'Updated');
  }),
);

describe('the stock transfer list (/stock/transfer)', () => {
  it('passes a transfer to audit only after its confirmation', async () => {
    signIn('ware_manager', [PERMISSIONS.transferList, PERMISSIONS.transferAudit]);
    renderWithProviders(<TransferList />);
    const cell = await screen.findByText('TF20261127-A1B2C3');
    const tableRow = cell.closest('tr');
    if (!(tableRow instanceof HTMLElement)) throw new Error('no row');
    expect(within(tableRow).getByText('DG01')).toBeTruthy();
    expect(within(tableRow).getByText('BKK1')).toBeTruthy();
    for (const tab of ['All', 'To audit', 'Audited', 'Refused'])
      expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /New stock transfer/ })).toBeNull();

    fireEvent.click(within(tableRow).getByText('Pass'));
    expect((await screen.findAllByText('Pass transfer TF20261127-A1B2C3?')).length).toBeGreaterThan(0);
    expect(audits).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Pass' }).at(-1);
    if (!confirm) throw new Error('no confirmation');
    fireEvent.click(confirm);
    await waitFor(() => expect(audits).toEqual([{ id: row.id, decision: 'pass' }]));
  });

  it('offers a warehouse manager no Pass or Refuse on a transfer they may not audit', async () => {
    signIn('ware_manager', [PERMISSIONS.transferList, PERMISSIONS.transferEdit, PERMISSIONS.transferAudit]);
    renderWithProviders(<TransferList />);
    const mine = (await screen.findByText('TF20261127-OWN001')).closest('tr');
    const other = screen.getByText('TF20261127-A1B2C3').closest('tr');
    if (!(mine instanceof HTMLElement) || !(other instanceof HTMLElement)) throw new Error('no rows');
    expect(within(mine).getByText('Detail')).toBeTruthy();
    expect(within(mine).queryByText('Pass')).toBeNull();
    expect(within(mine).queryByText('Refuse')).toBeNull();
    expect(within(other).getByText('Pass')).toBeTruthy();
    expect(within(other).getByText('Refuse')).toBeTruthy();
  });

  it('offers no Pass or Refuse without the audit permission', async () => {
    signIn('ware_staff', [PERMISSIONS.transferList]);
    renderWithProviders(<TransferList />);
    const other = (await screen.findByText('TF20261127-A1B2C3')).closest('tr');
    if (!(other instanceof HTMLElement)) throw new Error('no row');
    expect(within(other).getByText('Detail')).toBeTruthy();
    expect(within(other).queryByText('Pass')).toBeNull();
  });
});
