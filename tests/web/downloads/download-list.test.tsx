/**
 * Exporting a list and the download list: the export sends the list's filter and points to the
 * download list; the list shows a task's progress while it runs, then its file to download, and
 * reads itself again until nothing is pending.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProductList } from '@admin/screens/catalog/ProductList.js';
import { DownloadTask } from '@admin/screens/system/DownloadTask.js';
import type { DownloadTaskView } from '@shared/contract/downloads.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { renderWithProviders } from '../render.js';
import { pageOf, signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';

vi.setConfig({ testTimeout: 30_000 });

const task = (patch: Partial<DownloadTaskView>): DownloadTaskView => ({
  id: '7a5b0c6e-5d1c-4a8e-9f3b-2c1d0e9f8a7b',
  kind: 'stock',
  status: 'running',
  progress: 40,
  fileName: null,
  fileBytes: null,
  rowCount: null,
  errorCode: null,
  createTime: '2026-11-24T10:00:00.000Z',
  finishedTime: null,
  expiresTime: null,
  ...patch,
});

let listReplies: DownloadTaskView[][] = [];
let asked: unknown = null;
useApiServer(
  http.get(api('/catalog/product/list'), () => ok(pageOf([], 0))),
  http.get(api('/sys/downloadTask/list'), () => {
    const records = listReplies.length > 1 ? (listReplies.shift() ?? []) : (listReplies[0] ?? []);
    return ok(pageOf(records, records.length));
  }),
  http.post(api('/sys/downloadTask/add'), async ({ request }) => {
    asked = await request.json();
    return ok(task({ status: 'queued', progress: 0, kind: 'products' }), 'The export has started');
  }),
);

describe('exporting a list', () => {
  it('sends the product filter as a download task and says the file will be in the download list, linking there', async () => {
    signIn('seller', [PERMISSIONS.productList]);
    renderWithProviders(<ProductList />);
    fireEvent.click(await screen.findByRole('button', { name: /Export to Excel/ }));
    expect(await screen.findByText('Product list: the file is being prepared')).toBeTruthy();
    expect(screen.getByText('The export has started')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Open the download list' });
    expect(link.getAttribute('href')).toBe('/shopee/DownloadTask');
    // The browser's time zone goes with the filter: the file's times show the asker's clock.
    expect(asked).toEqual({
      kind: 'products',
      filters: {},
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
  }, 90_000);
});

describe('the download list', () => {
  it('shows a running task’s progress, then its finished file with a download link', async () => {
    signIn('seller', [PERMISSIONS.stockList]);
    listReplies = [
      [task({ status: 'running', progress: 40 })],
      [
        task({
          status: 'done',
          progress: 100,
          fileName: 'stock-202611241000.xlsx',
          fileBytes: 20480,
          rowCount: 12,
          expiresTime: '2026-12-01T10:00:00.000Z',
        }),
      ],
    ];
    renderWithProviders(<DownloadTask />);
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    // Read again while the task runs, until it is done.
    const row = await screen.findByText('stock-202611241000.xlsx', {}, { timeout: 8000 });
    const cells = within(row.closest('tr') as HTMLElement);
    expect(cells.getByText('Ready')).toBeTruthy();
    expect(cells.getByText('20.0 KB')).toBeTruthy();
    expect(cells.getByText('Download')).toBeTruthy();
  });

  it('says why a task failed, in the user’s language, and offers no download', async () => {
    signIn('seller', [PERMISSIONS.stockList]);
    listReplies = [[task({ status: 'failed', progress: 0, errorCode: 'downloads.export_failed' })]];
    renderWithProviders(<DownloadTask />);
    const reason = await screen.findByText('The export failed: try again');
    const cells = within(reason.closest('tr') as HTMLElement);
    expect(cells.getByText('Failed')).toBeTruthy();
    await waitFor(() => expect(cells.queryByText('Download')).toBeNull());
  });
});
