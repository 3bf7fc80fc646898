/**
 * The outbound list (/logistics/outbound): arranging shipments (the channel chosen among the
 * orders' options, the batch followed with its progress, each failed order listed with why),
 * printing waybills (a print batch, its PDF through the print agent, then a confirmation to mark
 * them printed), and a label that was not saved offering its three fixes.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Outbound } from '@admin/screens/logistics/Outbound.js';
import type { PrintRequest, PrintResult } from '@admin/print/use-print-agent.js';
import type { BatchView, WaybillView } from '@shared/contract/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { BATCH_ID, batchOf, pageOf, waybillRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });

const printPdfs = vi.fn<(request: PrintRequest) => Promise<PrintResult>>();
vi.mock('@admin/print/use-print-agent.js', () => ({ usePrintAgent: () => ({ printPdfs }) }));

const OTHER_CHANNEL_ID = '7c1d9e2f-3a4b-4c5d-8e6f-708192a3b4c5';
const CHANNEL_ID = '00000000-0000-4000-8000-000000009001';
const PDF = '%PDF-1.4\n%%EOF\n';

let rows: WaybillView[] = [];
let batches: BatchView[] = [];
const sent: { path: string; body: unknown }[] = [];

const record =
  (path: string) =>
  async ({ request }: { request: Request }) => {
    sent.push({ path, body: await request.json() });
  };

const server = useApiServer(
  http.get(api('/waybill/list'), () => ok(pageOf(rows))),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/logistics/channel/options'), () =>
    ok([
      { id: CHANNEL_ID, kind: 'carrier', name: 'Sandbox express', platform: null },
      { id: OTHER_CHANNEL_ID, kind: 'carrier', name: 'Kerry own account', platform: null },
    ]),
  ),
  http.post(api('/waybill/arrange'), async (info) => {
    await record('arrange')(info);
    return ok(batchOf({ state: 'queued' }));
  }),
  http.post(api('/waybill/print'), async (info) => {
    await record('print')(info);
    return ok(batchOf({ kind: 'print', state: 'queued', total: 1 }));
  }),
  http.get(api('/waybill/batch'), () => ok(batches.length > 1 ? batches.shift() : batches[0])),
  http.get(
    api('/waybill/batch/pdf'),
    () => new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
  ),
  http.get(
    api('/waybill/label'),
    () => new Response(PDF, { headers: { 'Content-Type': 'application/pdf' } }),
  ),
  http.post(api('/waybill/printed'), async (info) => {
    await record('printed')(info);
    return ok({ count: 1 }, 'Marked printed');
  }),
  http.post(api('/outbound/picked'), async (info) => {
    await record('picked')(info);
    const body = sent[sent.length - 1]?.body as { orderIds: string[] };
    return ok({ succeeded: body.orderIds.length, failed: [] });
  }),
  http.post(api('/waybill/tracking/push'), async (info) => {
    await record('push')(info);
    return ok({ succeeded: 1, failed: [] });
  }),
  http.post(api('/waybill/label/retry'), async (info) => {
    await record('retry')(info);
    return ok({ succeeded: 1, failed: [] }, 'Saved');
  }),
);

async function renderOutbound(list: WaybillView[]) {
  rows = list;
  sent.length = 0;
  signIn('ware_manager', [PERMISSIONS.waybillList, PERMISSIONS.waybillArrange, PERMISSIONS.outboundEdit]);
  renderWithProviders(<Outbound />, { route: '/logistics/outbound' });
  // The first render loads the screen's code: on a busy machine that takes seconds.
  await screen.findByText(list[0]?.orderNo ?? '', {}, { timeout: 20_000 });
}

function select(orderNo: string) {
  fireEvent.click(screen.getByRole('checkbox', { name: `Select ${orderNo}` }));
}

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!(row instanceof HTMLElement)) throw new Error(`no row ${text}`);
  return row;
}

/** The open dialog whose title is `title`. */
async function dialogTitled(title: string): Promise<HTMLElement> {
  const [heading] = await screen.findAllByText(title, {
    selector: '.ant-modal-title, .ant-modal-confirm-title',
  });
  const dialog = heading?.closest('.ant-modal');
  if (!(dialog instanceof HTMLElement)) throw new Error(`no dialog ${title}`);
  return dialog;
}

beforeEach(() => {
  printPdfs.mockReset();
  batches = [];
});

describe('arranging shipments', () => {
  it('asks for a channel, follows the batch and lists each failed order with why', async () => {
    const first = waybillRow({ platform: 'manual' });
    const second = waybillRow({ platform: 'manual' });
    await renderOutbound([first, second]);
    select(first.orderNo);
    select(second.orderNo);
    fireEvent.click(screen.getByRole('button', { name: 'Arrange' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Sandbox express');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Arrange' }));
    expect(await within(dialog).findByText('Please select the delivery channel')).toBeTruthy();
    expect(sent).toHaveLength(0);

    batches = [
      batchOf({ state: 'running', succeeded: 1 }),
      batchOf({
        state: 'done',
        succeeded: 1,
        failed: 1,
        problems: [
          {
            orderId: second.orderId,
            orderNo: second.orderNo,
            outcome: 'failed',
            errorCode: 'waybill.refused_address_incomplete',
            message: 'Refused: the recipient address is incomplete',
          },
        ],
      }),
    ];
    fireEvent.click(within(dialog).getByLabelText(/Sandbox express/));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Arrange' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ orderIds: [first.orderId, second.orderId], channelId: CHANNEL_ID });

    const progress = await dialogTitled('Arranging shipments');
    expect(await within(progress).findByText('Done: 1 succeeded, 1 failed of 2')).toBeTruthy();
    const problems = within(progress).getByRole('table', { name: 'Orders that failed' });
    expect(within(problems).getByText(second.orderNo)).toBeTruthy();
    expect(within(problems).getByText('Refused: the recipient address is incomplete')).toBeTruthy();
  });
});

describe('the only channel', () => {
  it('is chosen for the user when it is the one channel the orders may use', async () => {
    server.use(
      http.get(api('/logistics/channel/options'), () =>
        ok([{ id: CHANNEL_ID, kind: 'carrier', name: 'Sandbox express', platform: null }]),
      ),
    );
    const only = waybillRow({ platform: 'manual' });
    await renderOutbound([only]);
    select(only.orderNo);
    fireEvent.click(screen.getByRole('button', { name: 'Arrange' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/Sandbox express/)).toHaveProperty('checked', true),
    );
    batches = [batchOf({ state: 'done', succeeded: 1 })];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Arrange' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ orderIds: [only.orderId], channelId: CHANNEL_ID });
  });
});

describe('printing waybills', () => {
  const ready = () =>
    waybillRow({
      arrangeStatus: 'arranged',
      trackingNo: 'SPX123',
      labelStatus: 'ready',
      labelSource: 'platform',
      channelPlatform: 'shopee',
      channelName: 'Shopee',
    });

  it('prints the merged PDF through the agent and asks to mark the orders printed', async () => {
    const row = ready();
    await renderOutbound([row]);
    printPdfs.mockResolvedValue({ via: 'helper', documents: [{ id: BATCH_ID, status: 'printed' }] });
    batches = [batchOf({ kind: 'print', state: 'done', total: 1, succeeded: 1, hasPdf: true })];
    select(row.orderNo);
    fireEvent.click(screen.getByRole('button', { name: 'Print waybills' }));

    await waitFor(() => expect(printPdfs).toHaveBeenCalledTimes(1));
    expect(sent[0]).toEqual({ path: 'print', body: { orderIds: [row.orderId] } });
    const request = printPdfs.mock.calls[0]?.[0];
    expect(request?.kind).toBe('shopee');
    expect(request?.documents[0]?.blob?.size).toBe(PDF.length);

    const confirm = await dialogTitled('Mark as printed? Orders: 1');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Mark printed' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(printPdfs).toHaveBeenCalledTimes(1);
    expect(sent[1]).toEqual({ path: 'printed', body: { orderIds: [row.orderId], isPrinted: true } });
  });

  it("sends a Shopee order labelled by our own carrier to the general label printer, not Shopee's", async () => {
    const ours = waybillRow({
      platform: 'shopee',
      arrangeStatus: 'arranged',
      trackingNo: 'SBX0000000001TH',
      labelStatus: 'ready',
      labelSource: 'ours',
      channelPlatform: null,
      channelName: 'Sandbox Express',
    });
    const carriers = waybillRow({
      platform: 'shopee',
      arrangeStatus: 'arranged',
      trackingNo: 'SBX0000000002TH',
      labelStatus: 'ready',
      labelSource: 'carrier',
      channelPlatform: null,
      channelName: 'Sandbox Express',
    });
    await renderOutbound([ours, carriers]);
    printPdfs.mockResolvedValue({ via: 'helper', documents: [{ id: 'SBX0000000001TH', status: 'printed' }] });
    fireEvent.click(within(rowOf(ours.orderNo)).getByText('Reprint'));
    await waitFor(() => expect(printPdfs).toHaveBeenCalledTimes(1));
    expect(printPdfs.mock.calls[0]?.[0].kind).toBe('jd');

    select(ours.orderNo);
    select(carriers.orderNo);
    batches = [batchOf({ kind: 'print', state: 'done', total: 2, succeeded: 2, hasPdf: true })];
    fireEvent.click(screen.getByRole('button', { name: 'Print waybills' }));
    await waitFor(() => expect(printPdfs).toHaveBeenCalledTimes(2));
    expect(printPdfs.mock.calls[1]?.[0].kind).toBe('jd');
  });

  it('says so when the automatic print fails, and marks nothing printed', async () => {
    const row = ready();
    await renderOutbound([row]);
    printPdfs.mockResolvedValue({
      via: 'helper',
      documents: [{ id: BATCH_ID, status: 'failed', error: 'no_printer' }],
    });
    batches = [batchOf({ kind: 'print', state: 'done', total: 1, succeeded: 1, hasPdf: true })];
    select(row.orderNo);
    fireEvent.click(screen.getByRole('button', { name: 'Print waybills' }));
    expect((await screen.findAllByText('Error in automatic printing')).length).toBeGreaterThan(0);
    expect(screen.queryByText('Mark as printed? Orders: 1')).toBeNull();
    expect(sent.map((entry) => entry.path)).toEqual(['print']);
  });

  it('greys out printing for an order whose waybill is not arranged yet', async () => {
    const row = waybillRow();
    await renderOutbound([row]);
    select(row.orderNo);
    const button = screen.getByRole('button', { name: 'Print waybills' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-description')).toBe('Cannot take this step now: 1 of the 1 selected');
  });
});

describe('moving many orders at once', () => {
  // More than the 50 a call once took: a whole page selected goes in one call.
  it(
    'offers pages of 200 and marks every selected order picked in one call',
    { timeout: 180_000 },
    async () => {
      const many = Array.from({ length: 55 }, () =>
        waybillRow({
          arrangeStatus: 'arranged',
          trackingNo: 'SBX1',
          labelStatus: 'ready',
          labelSource: 'ours',
          isPrinted: true,
        }),
      );
      await renderOutbound(many);
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Page Size' }));
      expect(await screen.findByTitle('200 / page')).toBeTruthy();
      fireEvent.click(screen.getByTitle('100 / page'));
      await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Select SO-/ })).toHaveLength(55), {
        timeout: 60_000,
      });
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select all' }));
      expect(screen.getByText('Selected: 55')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Picked' }));
      const confirm = await dialogTitled('Mark as picked? Orders: 55');
      fireEvent.click(within(confirm).getByRole('button', { name: 'Mark picked' }));
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual({ path: 'picked', body: { orderIds: many.map((row) => row.orderId) } });
      expect(await screen.findByText('Done (orders: 55)')).toBeTruthy();
    },
  );
});

describe('a tracking number the marketplace did not take', () => {
  const refused = () =>
    waybillRow({
      localStatus: 'shipped',
      warehouseStatus: 'delivered',
      arrangeStatus: 'arranged',
      trackingNo: 'SBX0000000099TH',
      labelStatus: 'ready',
      labelSource: 'ours',
      channelName: 'Sandbox Express',
      isPrinted: true,
      isPicked: true,
      isPacked: true,
      pushError: 'shop.unavailable',
      pushMessage: 'HTTP 503',
    });

  it('says why and sends it again', async () => {
    const row = refused();
    await renderOutbound([row]);
    const cells = rowOf(row.orderNo);
    expect(within(cells).getByText(/Tracking number not sent to the marketplace/)).toBeTruthy();
    expect(within(cells).getByText('HTTP 503')).toBeTruthy();
    fireEvent.click(within(cells).getByText('Send again'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ path: 'push', body: { orderIds: [row.orderId] } });
    expect(await screen.findByText('Tracking number sent to the marketplace')).toBeTruthy();
  });

  it('offers no sending again to someone who may not hand parcels over', async () => {
    const row = refused();
    rows = [row];
    sent.length = 0;
    signIn('ware_manager', [PERMISSIONS.waybillList, PERMISSIONS.waybillArrange]);
    renderWithProviders(<Outbound />, { route: '/logistics/outbound' });
    await screen.findByText(row.orderNo, {}, { timeout: 20_000 });
    expect(within(rowOf(row.orderNo)).getByText(/Tracking number not sent to the marketplace/)).toBeTruthy();
    expect(screen.queryByText('Send again')).toBeNull();
  });
});

describe('a label that was not saved', () => {
  it('says so and offers to try again, upload manually or save again', async () => {
    const row = waybillRow({
      arrangeStatus: 'arranged',
      trackingNo: 'SPX999',
      labelStatus: 'failed',
      labelError: 'waybill.label_not_saved',
    });
    await renderOutbound([row]);
    const cells = rowOf(row.orderNo);
    expect(
      within(cells).getByText(
        'The waybill was not saved to the server: try again, upload manually or save again',
      ),
    ).toBeTruthy();
    expect(within(cells).getByText('Upload manually', { selector: 'a' })).toBeTruthy();
    expect(within(cells).getByText('Save again', { selector: 'a' })).toBeTruthy();
    fireEvent.click(within(cells).getByText('Try again', { selector: 'a' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'retry', body: { orderIds: [row.orderId] } }]));
  });

  it('saves again from what is held, a step apart from trying again, and says why it could not', async () => {
    const row = waybillRow({
      arrangeStatus: 'arranged',
      trackingNo: 'SPX998',
      labelStatus: 'failed',
      labelError: 'shop.malformed',
    });
    server.use(
      http.post(api('/waybill/label/regenerate'), async (info) => {
        await record('regenerate')(info);
        return ok({
          succeeded: 0,
          failed: [
            {
              orderId: row.orderId,
              orderNo: row.orderNo,
              errorCode: 'waybill.nothing_to_save',
              message: `No label of order ${row.orderNo} has been fetched yet, so there is nothing to save again: try again or upload it manually`,
            },
          ],
        });
      }),
    );
    await renderOutbound([row]);
    fireEvent.click(within(rowOf(row.orderNo)).getByText('Save again', { selector: 'a' }));
    await waitFor(() => expect(sent).toEqual([{ path: 'regenerate', body: { orderIds: [row.orderId] } }]));
    expect(await screen.findByText(/nothing to save again: try again or upload it manually/)).toBeTruthy();
  });
});
