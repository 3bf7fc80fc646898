import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PrinterSettingsModal } from '@admin/dialogs/PrinterSettingsModal.js';
import { readPrinterPreferences, savePrinterPreferences } from '@admin/dialogs/printer-store.js';
import { usePrintAgent, type PrintRequest, type PrintResult } from '@admin/print/use-print-agent.js';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { renderWithProviders } from '../render.js';
import { http, useApiServer } from '../shell/api-server.js';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const [PORT, SPARE] = PRINT_HELPER.ports;
const helper = (port: number | undefined, path: string) => `http://127.0.0.1:${port}${path}`;
const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

const server = useApiServer();

function noHelper() {
  server.use(
    http.get(helper(PORT, '/status'), () => HttpResponse.error()),
    http.get(helper(SPARE, '/status'), () => HttpResponse.error()),
  );
}

function helperAt(port: number | undefined, version: string) {
  server.use(
    http.get(helper(port, '/status'), () =>
      HttpResponse.json({
        name: PRINT_HELPER.name,
        version,
        printers: [
          { name: 'Zebra_ZD420', kind: 'system', isDefault: false },
          { name: 'Office_Laser', kind: 'system', isDefault: true },
          { name: 'PDF folder', kind: 'folder', isDefault: false },
        ],
      }),
    ),
  );
}

let result: PrintResult | null = null;

function PrintButton({ request }: { request: PrintRequest }) {
  const { printPdfs } = usePrintAgent();
  const [isDone, setDone] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void printPdfs(request).then((outcome) => {
            result = outcome;
            setDone(true);
          })
        }
      >
        Print labels
      </button>
      {isDone && <span>finished</span>}
    </>
  );
}

const request: PrintRequest = {
  kind: 'shopee',
  title: 'Shopee waybills',
  jobId: 'pj-1',
  documents: [
    { id: 'SPX123', blob: new Blob([PDF], { type: 'application/pdf' }) },
    { id: 'SPX124', blob: new Blob([PDF], { type: 'application/pdf' }) },
  ],
};

async function print(printRequest = request) {
  renderWithProviders(<PrintButton request={printRequest} />);
  fireEvent.click(screen.getByRole('button', { name: 'Print labels' }));
}

beforeEach(() => {
  result = null;
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('printing through the print helper', () => {
  it('posts one job with our ids to the printer chosen for the kind, and reports each document', async () => {
    savePrinterPreferences({ shopee: 'Zebra_ZD420', lazada: null, tiktok: null, jd: null });
    helperAt(PORT, PRINT_HELPER.version);
    const posted: { contentType: string | null; body: unknown }[] = [];
    let polls = 0;
    server.use(
      http.post(helper(PORT, '/jobs'), async ({ request: sent }) => {
        posted.push({ contentType: sent.headers.get('content-type'), body: await sent.json() });
        return HttpResponse.json(
          {
            id: 'pj-1',
            printer: 'Zebra_ZD420',
            status: 'queued',
            documents: [
              { id: 'pj-1:0', status: 'queued' },
              { id: 'pj-1:1', status: 'queued' },
            ],
          },
          { status: 202 },
        );
      }),
      http.get(helper(PORT, '/jobs/pj-1'), () => {
        polls += 1;
        return HttpResponse.json({
          id: 'pj-1',
          printer: 'Zebra_ZD420',
          status: 'failed',
          documents: [
            { id: 'pj-1:0', status: 'done' },
            { id: 'pj-1:1', status: 'failed', error: 'lp: printer is out of paper' },
          ],
        });
      }),
    );
    await print();
    expect(await screen.findByText('finished', {}, { timeout: 10_000 })).toBeTruthy();
    expect(posted).toEqual([
      {
        contentType: 'application/json',
        body: {
          id: 'pj-1',
          printer: 'Zebra_ZD420',
          title: 'Shopee waybills',
          // The print type of Printer settings: none chosen, the spec's default 6.
          printType: 6,
          documents: [
            { id: 'pj-1:0', name: 'SPX123', data: btoa(PDF) },
            { id: 'pj-1:1', name: 'SPX124', data: btoa(PDF) },
          ],
        },
      },
    ]);
    expect(polls).toBe(1);
    expect(result).toEqual({
      via: 'helper',
      printer: 'Zebra_ZD420',
      documents: [
        { id: 'SPX123', status: 'printed' },
        { id: 'SPX124', status: 'failed', error: 'lp: printer is out of paper' },
      ],
    });
    expect(await screen.findByText('These documents did not print on Zebra_ZD420:')).toBeTruthy();
    expect(screen.getByText('SPX124: lp: printer is out of paper')).toBeTruthy();
  });

  it('finds the helper on its spare port and prints on its default printer when none is chosen', async () => {
    server.use(http.get(helper(PORT, '/status'), () => new HttpResponse('busy', { status: 404 })));
    helperAt(SPARE, PRINT_HELPER.version);
    const printers: unknown[] = [];
    server.use(
      http.post(helper(SPARE, '/jobs'), async ({ request: sent }) => {
        printers.push(((await sent.json()) as { printer: string }).printer);
        return HttpResponse.json(
          {
            id: 'pj-2',
            printer: 'Office_Laser',
            status: 'done',
            documents: [{ id: 'pj-2:0', status: 'done' }],
          },
          { status: 202 },
        );
      }),
    );
    await print({ ...request, jobId: 'pj-2', documents: [request.documents[0] ?? { id: 'x', url: '' }] });
    expect(await screen.findByText('finished')).toBeTruthy();
    expect(printers).toEqual(['Office_Laser']);
    expect(result?.documents).toEqual([{ id: 'SPX123', status: 'printed' }]);
  });

  it('says so when the chosen printer is not on this computer', async () => {
    savePrinterPreferences({ shopee: 'Gone printer', lazada: null, tiktok: null, jd: null });
    helperAt(PORT, PRINT_HELPER.version);
    server.use(
      http.post(helper(PORT, '/jobs'), () =>
        HttpResponse.json(
          {
            error: 'unknown_printer',
            message: 'There is no printer named "Gone printer".',
            printer: 'Gone printer',
          },
          { status: 404 },
        ),
      ),
    );
    await print();
    expect(
      await screen.findByText(
        'The printer Gone printer is not on this computer. Choose another one in Printer settings.',
      ),
    ).toBeTruthy();
    await screen.findByText('finished');
    expect(result?.documents.map((outcome) => outcome.status)).toEqual(['failed', 'failed']);
    expect(result?.documents[0]?.error).toBe('unknown_printer');
  });
});

describe('printing without the print helper', () => {
  it('asks to install it with a download link, then prints through the browser on request', async () => {
    noHelper();
    const appended: HTMLIFrameElement[] = [];
    const append = document.body.appendChild.bind(document.body);
    vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      const added = append(node);
      if (node instanceof HTMLIFrameElement) {
        appended.push(node);
        if (node.contentWindow) vi.spyOn(node.contentWindow, 'print').mockImplementation(() => undefined);
        // The browser loads the PDF into the frame; jsdom does not, so the load is announced here.
        queueMicrotask(() => node.onload?.(new Event('load')));
      }
      return added;
    });
    await print();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please install the plugin first (refresh if installed).')).toBeTruthy();
    const link = within(dialog).getByRole('link', {
      name: `Download the print plugin ${PRINT_HELPER.version}`,
    });
    expect(link.getAttribute('href')).toBe('/downloads/print-plugin.zip');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Print with the browser' }));
    expect(await screen.findByText('finished')).toBeTruthy();
    expect(appended).toHaveLength(2);
    expect(appended.every((frame) => frame.src.startsWith('blob:'))).toBe(true);
    expect(appended.map((frame) => vi.mocked(frame.contentWindow?.print)?.mock.calls.length)).toEqual([1, 1]);
    expect(result).toEqual({
      via: 'browser',
      documents: [
        { id: 'SPX123', status: 'browser' },
        { id: 'SPX124', status: 'browser' },
      ],
    });
  });

  it('asks to upgrade a helper older than the minimum version, and prints nothing when cancelled', async () => {
    helperAt(PORT, '0.0.1');
    const posted = vi.fn();
    server.use(http.post(helper(PORT, '/jobs'), posted));
    await print();
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(`The print plugin must be version ${PRINT_HELPER.minimumVersion} or later`),
    ).toBeTruthy();
    expect(within(dialog).getByText('This computer runs version 0.0.1.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: /Download the print plugin/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('finished')).toBeTruthy();
    expect(posted).not.toHaveBeenCalled();
    expect(result?.documents.map((outcome) => outcome.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('alerts while the page has not fully loaded, and prints nothing', async () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    await print();
    expect(
      await screen.findByText('The page has not finished loading. Wait a moment and print again.'),
    ).toBeTruthy();
    await screen.findByText('finished');
    expect(result).toEqual({
      via: 'none',
      documents: [
        { id: 'SPX123', status: 'not_loaded' },
        { id: 'SPX124', status: 'not_loaded' },
      ],
    });
  });
});

describe('the printer settings with the print helper', () => {
  it("offers this computer's printers listed by the helper, beside names typed before", async () => {
    savePrinterPreferences({ shopee: null, lazada: 'Typed printer', tiktok: null, jd: null });
    helperAt(PORT, PRINT_HELPER.version);
    renderWithProviders(<PrinterSettingsModal open onClose={() => undefined} />);
    expect(
      await screen.findByText(
        `Printers of this computer, listed by the print plugin ${PRINT_HELPER.version}.`,
      ),
    ).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Shopee-type printer' }));
    await screen.findAllByRole('option');
    const options = [...document.querySelectorAll('.ant-select-item-option-content')];
    expect(options.map((option) => option.textContent)).toEqual([
      'Zebra_ZD420',
      'Office_Laser',
      'PDF folder (saves PDF files)',
      'Typed printer',
    ]);
    fireEvent.click(screen.getAllByText('Zebra_ZD420').at(-1) ?? document.body);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(readPrinterPreferences().shopee).toBe('Zebra_ZD420'));
  });

  it('says the names are typed by hand when the helper is not running', async () => {
    noHelper();
    renderWithProviders(<PrinterSettingsModal open onClose={() => undefined} />);
    expect(
      await screen.findByText(
        'The print plugin is not running on this computer, so printer names are typed by hand.',
      ),
    ).toBeTruthy();
  });
});
