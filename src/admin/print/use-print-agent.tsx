/**
 * Printing for every screen: one call, per-document outcomes.
 *
 * ```ts
 * const { printPdfs } = usePrintAgent();
 * const result = await printPdfs({
 *   kind: 'shopee',                       // the marketplace kind: picks the default printer
 *   title: 'Shopee waybills',
 *   jobId: printJob.id,                   // optional: our print job's id
 *   documents: [{ id: 'SPX123', url: '/api/files/…/label.pdf' }, { id: 'SPX124', blob }],
 * });
 * // result.via: 'helper' | 'browser' | 'none'
 * // result.documents: [{ id: 'SPX123', status: 'printed' }, { id: 'SPX124', status: 'failed', error }]
 * ```
 *
 * With the print helper running (and recent enough) documents go straight to the printer chosen
 * for the kind in Printer settings (else the helper's default printer), on the paper of the print
 * type chosen there (6, the 100 × 150 mm label, by default). Without it the user is
 * asked to install it, or to upgrade an old one, with a download link, and may print through the
 * browser's dialog instead. A page still loading prints nothing and says so.
 */
import { App } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PRINT_HELPER } from '@shared/domain/print-helper.js';
import { readPrinterPreferences, readPrintType } from '../dialogs/printer-store.js';
import { usePrintHelper } from '../dialogs/use-print-helper.js';
import { PLUGIN_DOWNLOADS, usePluginDownload } from '../header/downloads.js';
import { browserAgent } from './browser-agent.js';
import {
  choosePrinter,
  findPrintHelper,
  helperAgent,
  HelperRefused,
  type HelperProbe,
} from './helper-agent.js';
import { sameOutcome, type PrintRequest, type PrintResult } from './print-agent.js';

export type { DocumentOutcome, PrintDocument, PrintRequest, PrintResult } from './print-agent.js';

export function usePrintAgent() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const downloadPlugin = usePluginDownload();
  const printOne = usePrintHelper();

  /** Asks to install or upgrade the helper; true when the user prints through the browser instead. */
  const askForHelper = useCallback(
    (probe: Exclude<HelperProbe, { state: 'ready' }>) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: t('print_agent.title'),
          content: (
            <>
              {probe.state === 'missing' ? (
                <p>{t('print_agent.install')}</p>
              ) : (
                <>
                  <p>{t('print_agent.upgrade', { version: PRINT_HELPER.minimumVersion })}</p>
                  <p>{t('print_agent.installed_version', { version: probe.status.version })}</p>
                </>
              )}
              <p>
                <a
                  href={PLUGIN_DOWNLOADS.printPlugin}
                  onClick={(event) => {
                    event.preventDefault();
                    void downloadPlugin('printPlugin');
                  }}
                >
                  {t('print_agent.download', { version: PRINT_HELPER.version })}
                </a>
              </p>
            </>
          ),
          okText: t('print_agent.print_in_browser'),
          cancelText: t('common.cancel'),
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
    [modal, t, downloadPlugin],
  );

  const printPdfs = useCallback(
    async (request: PrintRequest): Promise<PrintResult> => {
      if (document.readyState !== 'complete') {
        modal.warning({ title: t('print.title'), content: t('print.not_loaded'), okText: t('common.ok') });
        return sameOutcome(request, 'none', 'not_loaded');
      }
      const probe = await findPrintHelper();
      if (probe.state === 'ready') {
        const printer = choosePrinter(probe.status.printers, readPrinterPreferences()[request.kind]);
        if (!printer) return sameOutcome(request, 'helper', 'failed', 'no_printer');
        try {
          const result = await helperAgent(probe.base).print(
            { printType: readPrintType(), ...request },
            printer,
          );
          const failed = result.documents.filter((outcome) => outcome.status === 'failed');
          if (failed.length > 0) {
            modal.error({
              title: t('print_agent.failed_title'),
              okText: t('common.ok'),
              content: (
                <>
                  <p>{t('print_agent.failed', { printer })}</p>
                  <ul>
                    {failed.map((outcome) => (
                      <li key={outcome.id}>
                        {outcome.id}: {outcome.error}
                      </li>
                    ))}
                  </ul>
                </>
              ),
            });
          }
          return result;
        } catch (error) {
          const code = error instanceof HelperRefused ? error.code : 'unreachable';
          modal.error({
            title: t('print_agent.failed_title'),
            okText: t('common.ok'),
            content:
              code === 'unknown_printer'
                ? t('print_agent.unknown_printer', { printer })
                : t('print_agent.refused', {
                    message: error instanceof Error ? error.message : String(error),
                  }),
          });
          return { ...sameOutcome(request, 'helper', 'failed', code), printer };
        }
      }
      if (!(await askForHelper(probe))) return sameOutcome(request, 'none', 'cancelled');
      return browserAgent(printOne).print(request, '');
    },
    [modal, t, askForHelper, printOne],
  );

  return { printPdfs };
}
