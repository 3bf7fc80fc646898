/**
 * The outbound list's number search (/logistics/outbound): one number is searched as before (the
 * keyword), several pasted — up to 100 — go as the batch search, and the numbers the server found
 * no order for are named above the stages, in the user's language.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Outbound } from '@admin/screens/logistics/Outbound.js';
import type { WaybillView } from '@shared/contract/logistics.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { WAREHOUSES } from '../inventory/fixtures.js';
import { renderWithProviders } from '../render.js';
import { signIn } from '../screens/fixtures.js';
import { api, http, ok, useApiServer } from '../shell/api-server.js';
import { pageOf, waybillRow } from './fixtures.js';

vi.setConfig({ testTimeout: 60_000 });
vi.mock('@admin/print/use-print-agent.js', () => ({ usePrintAgent: () => ({ printPdfs: vi.fn() }) }));

const row: WaybillView = waybillRow({ platform: 'manual' });
const queries: URLSearchParams[] = [];
/** The numbers the server names as found nowhere, for a batch search. */
let notFound: string[] = [];

useApiServer(
  http.get(api('/waybill/list'), ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    return ok({ ...pageOf([row]), notFound: query.get('numbers') ? notFound : [] });
  }),
  http.get(api('/warehouse/options'), () => ok(WAREHOUSES)),
  http.get(api('/logistics/channel/options'), () => ok([])),
);

async function renderOutbound() {
  queries.length = 0;
  signIn('ware_manager', [PERMISSIONS.waybillList, PERMISSIONS.outboundEdit]);
  renderWithProviders(<Outbound />, { route: '/logistics/outbound' });
  await screen.findByText(row.orderNo, {}, { timeout: 20_000 });
}

function searchFor(text: string) {
  const search = screen.getByRole('search');
  fireEvent.change(within(search).getByLabelText('Number'), { target: { value: text } });
  fireEvent.click(within(search).getByRole('button', { name: /Search/ }));
}

describe('the outbound number search', () => {
  it('sends several numbers as the batch search and names those no order answered', async () => {
    notFound = ['SO-GONE-1', 'TH-GONE-2'];
    await renderOutbound();
    searchFor(`${row.orderNo}, SO-GONE-1 TH-GONE-2 ${row.orderNo}`);
    await waitFor(() => expect(queries.at(-1)?.get('numbers')).toBe(`${row.orderNo},SO-GONE-1,TH-GONE-2`));
    expect(queries.at(-1)?.get('keyword')).toBeNull();
    expect(await screen.findByText('2 number(s) found no outbound order: SO-GONE-1, TH-GONE-2')).toBeTruthy();
  });

  it('searches one number as before and names nothing', async () => {
    notFound = ['NEVER-SHOWN'];
    await renderOutbound();
    searchFor(' SHP-240 ');
    await waitFor(() => expect(queries.at(-1)?.get('keyword')).toBe('SHP-240'));
    expect(queries.at(-1)?.get('numbers')).toBeNull();
    expect(screen.queryByText(/found no outbound order/)).toBeNull();
  });
});
