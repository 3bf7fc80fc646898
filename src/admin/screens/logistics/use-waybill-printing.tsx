/**
 * Printing waybills: the server merges the orders' stored labels into one PDF in a batch (its
 * progress shown, each order it could not include listed); the PDF goes to the print agent on
 * the printer chosen for the orders' marketplace, and once it printed the user confirms marking
 * the orders printed. A reprint sends one order's stored label the same way. "Printed" is a
 * count and never means shipped.
 */
import { App, Button, Space, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchBatchPdf,
  fetchLabel,
  markPrinted,
  printWaybills,
  useLogisticsChange,
} from '@api/modules/logistics.js';
import type { BatchView, WaybillView } from '@shared/contract/logistics.js';
import { usePrintAgent, type PrintResult } from '../../print/use-print-agent.js';
import { useFeedback } from '../common/feedback.js';
import { BatchProgressModal } from './BatchProgress.js';
import { printerKindOf } from './shared.js';

type PrintState = 'idle' | 'printing' | 'printed' | 'failed';

/** Whether the agent handed the document over (to a printer or the browser's dialog). */
function hasPrinted(result: PrintResult): boolean {
  return result.documents.every(
    (outcome) => outcome.status === 'printed' || outcome.status === 'pending' || outcome.status === 'browser',
  );
}

export function useWaybillPrinting() {
  const { t } = useTranslation('logistics');
  const { modal, message } = App.useApp();
  const feedback = useFeedback();
  const { printPdfs } = usePrintAgent();
  const startPrint = useLogisticsChange(printWaybills);
  const mark = useLogisticsChange(markPrinted);
  const [job, setJob] = useState<{ batchId: string; rows: WaybillView[] } | null>(null);
  const [printState, setPrintState] = useState<PrintState>('idle');
  const [finished, setFinished] = useState<BatchView | null>(null);

  const askMarkPrinted = useCallback(
    (orders: WaybillView[]) => {
      if (orders.length === 0) return;
      modal.confirm({
        title: t('print.confirm_title', { count: orders.length }),
        content: t('print.confirm_content'),
        okText: t('print.confirm_ok'),
        cancelText: t('print.confirm_cancel'),
        onOk: async () => {
          try {
            const envelope = await mark.mutateAsync({
              orderIds: orders.map((row) => row.orderId),
              isPrinted: true,
            });
            feedback.done(envelope);
          } catch (error) {
            feedback.failed(error);
          }
        },
      });
    },
    [modal, t, mark, feedback],
  );

  /** Sends a PDF to the agent; on success asks to mark the orders printed. */
  const print = useCallback(
    async (blob: Blob, documentId: string, orders: WaybillView[], jobId?: string) => {
      setPrintState('printing');
      const result = await printPdfs({
        kind: printerKindOf(orders),
        title: t('print.job_title', { count: orders.length }),
        documents: [{ id: documentId, blob }],
        ...(jobId ? { jobId } : {}),
      });
      if (result.via === 'none') {
        setPrintState('idle');
        return;
      }
      if (!hasPrinted(result)) {
        setPrintState('failed');
        void message.error(t('print.auto_failed'));
        return;
      }
      setPrintState('printed');
      askMarkPrinted(orders);
    },
    [printPdfs, t, message, askMarkPrinted],
  );

  const printBatch = useCallback(
    async (batch: BatchView, rows: WaybillView[]) => {
      if (batch.state !== 'done' || !batch.hasPdf) return;
      const left = new Set(batch.problems.map((problem) => problem.orderId));
      const included = rows.filter((row) => !left.has(row.orderId));
      let blob: Blob;
      try {
        blob = await fetchBatchPdf(batch.id);
      } catch {
        setPrintState('failed');
        return;
      }
      await print(blob, batch.id, included, batch.id);
    },
    [print],
  );

  /** Starts a print batch for the rows. */
  const start = async (rows: WaybillView[]) => {
    try {
      const envelope = await startPrint.mutateAsync(rows.map((row) => row.orderId));
      setPrintState('idle');
      setFinished(null);
      setJob({ batchId: envelope.result.id, rows });
    } catch (error) {
      feedback.failed(error);
    }
  };

  /** Prints one order's stored label again. */
  const reprint = async (row: WaybillView) => {
    let blob: Blob;
    try {
      blob = await fetchLabel(row.orderId);
    } catch {
      return;
    }
    await print(blob, row.trackingNo || row.orderNo, [row]);
  };

  const onFinished = useCallback(
    (batch: BatchView) => {
      setFinished(batch);
      if (job) void printBatch(batch, job.rows);
    },
    [job, printBatch],
  );

  const footer = (
    <Space direction="vertical" aria-live="polite">
      {printState === 'printing' && <Typography.Text>{t('print.printing')}</Typography.Text>}
      {printState === 'printed' && <Typography.Text type="success">{t('print.sent')}</Typography.Text>}
      {printState === 'failed' && (
        <Space>
          <Typography.Text type="danger">{t('print.auto_failed')}</Typography.Text>
          {finished && job && (
            <Button onClick={() => void printBatch(finished, job.rows)}>{t('print.again')}</Button>
          )}
        </Space>
      )}
    </Space>
  );

  const dialogs = (
    <>
      <BatchProgressModal
        batchId={job?.batchId ?? null}
        title={t('print.title', { count: job?.rows.length ?? 0 })}
        onFinished={onFinished}
        onClose={() => {
          setJob(null);
          setPrintState('idle');
        }}
        footer={footer}
      />
    </>
  );

  return { start, reprint, isStarting: startPrint.isPending, dialogs };
}
