/**
 * The outbound list's actions on waybills and their dialogs: arranging shipments (the channel
 * chosen among those every order may use, then the batch followed to its end), marking labels
 * printed or unprinted, picked, packed (with the parcel's weight when weighed) and delivered —
 * each asked first (spec 02 §5) — the pick and packing lists, and a row's fixes: a label that
 * was not saved (try again, upload by hand, save again), a parcel shipped elsewhere, and a
 * tracking number the marketplace did not take, sent again. Actions
 * on several orders show each order refused with why, never a single toast.
 */
import { useQueryClient } from '@tanstack/react-query';
import { App, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import {
  fetchPackingList,
  fetchPickList,
  markDelivered,
  markPicked,
  markPrinted,
  regenerateLabels,
  retryLabels,
  retryTrackingPush,
  useLogisticsChange,
} from '@api/modules/logistics.js';
import { queryKeys } from '@api/query-keys.js';
import { bulkReply, type BulkReply, type WaybillView } from '@shared/contract/logistics.js';
import { useFeedback } from '../common/feedback.js';
import { BatchProgressModal } from './BatchProgress.js';
import { useBulkResults } from './shared.js';
import { ArrangeDialog, OrderNumbers, PackedDialog } from './ShipmentDialogs.js';
import { SelfShippedDialog, UploadLabelDialog } from './WaybillFixDialogs.js';

/** Opens a PDF the server made in a new browser tab, to print from there. */
function openPdf(blob: Blob) {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function useOutboundActions({ onDone }: { onDone?: () => void } = {}) {
  const { t, i18n } = useTranslation('logistics');
  const { modal, message } = App.useApp();
  const feedback = useFeedback();
  const bulk = useBulkResults();
  const client = useQueryClient();
  const [arranging, setArranging] = useState<WaybillView[] | null>(null);
  const [arrangeBatch, setArrangeBatch] = useState<string | null>(null);
  const [packing, setPacking] = useState<WaybillView[] | null>(null);
  const [selfShipping, setSelfShipping] = useState<WaybillView | null>(null);
  const [uploading, setUploading] = useState<WaybillView | null>(null);
  const printed = useLogisticsChange(markPrinted);
  const picked = useLogisticsChange(markPicked);
  const delivered = useLogisticsChange(markDelivered);
  const retry = useLogisticsChange(retryLabels);
  const regenerate = useLogisticsChange(regenerateLabels);
  const repush = useLogisticsChange(retryTrackingPush);

  /** Reports a multi-order reply: a summary when all went through, else each refused order. */
  const report = (title: string, envelope: Envelope<BulkReply>, success?: string) => {
    onDone?.();
    if (envelope.result.failed.length > 0) bulk.show(title, envelope.result);
    else
      void message.success(
        success ?? (envelope.message || t('result.done', { count: envelope.result.succeeded })),
      );
  };

  const run = async (title: string, send: () => Promise<Envelope<BulkReply>>, success?: string) => {
    try {
      report(title, await send(), success);
    } catch (error) {
      feedback.failed(error);
    }
  };

  const confirm = (
    kind: 'markPrinted' | 'markUnprinted' | 'picked' | 'delivered',
    rows: WaybillView[],
    send: () => Promise<void>,
  ) =>
    modal.confirm({
      title: t(`confirm.${kind}_title`, { count: rows.length }),
      content: (
        <>
          <Typography.Paragraph>{t(`confirm.${kind}_content`)}</Typography.Paragraph>
          <OrderNumbers rows={rows} />
        </>
      ),
      okText: t(`confirm.${kind}_ok`),
      cancelText: t('common.cancel'),
      onOk: send,
    });

  const ids = (rows: readonly WaybillView[]) => rows.map((row) => row.orderId);

  const markPrintedAs = (rows: WaybillView[], isPrinted: boolean) =>
    confirm(isPrinted ? 'markPrinted' : 'markUnprinted', rows, async () => {
      try {
        const envelope = await printed.mutateAsync({ orderIds: ids(rows), isPrinted });
        const parsed = bulkReply.safeParse(envelope.result);
        onDone?.();
        if (parsed.success && parsed.data.failed.length > 0)
          bulk.show(t(isPrinted ? 'action.mark_printed' : 'action.mark_unprinted'), parsed.data);
        else feedback.done(envelope);
      } catch (error) {
        feedback.failed(error);
      }
    });

  const printList = async (kind: 'pick' | 'packing', rows: WaybillView[]) => {
    try {
      const fetchList = kind === 'pick' ? fetchPickList : fetchPackingList;
      openPdf(await fetchList(ids(rows), i18n.language));
    } catch {
      // The error catalogue has said why.
    }
  };

  const actions = {
    arrange: (rows: WaybillView[]) => setArranging(rows),
    markPrinted: (rows: WaybillView[]) => markPrintedAs(rows, true),
    markUnprinted: (rows: WaybillView[]) => markPrintedAs(rows, false),
    picked: (rows: WaybillView[]) =>
      confirm('picked', rows, () => run(t('action.picked'), () => picked.mutateAsync(ids(rows)))),
    packed: (rows: WaybillView[]) => setPacking(rows),
    delivered: (rows: WaybillView[]) =>
      confirm('delivered', rows, () =>
        run(t('action.delivered'), () => delivered.mutateAsync(ids(rows)), t('deliver.succeeded')),
      ),
    pickList: (rows: WaybillView[]) => void printList('pick', rows),
    packingList: (rows: WaybillView[]) => void printList('packing', rows),
    retryLabel: (row: WaybillView) => void run(t('label.retry'), () => retry.mutateAsync([row.orderId])),
    regenerateLabel: (row: WaybillView) =>
      void run(t('label.regenerate'), () => regenerate.mutateAsync([row.orderId])),
    uploadLabel: (row: WaybillView) => setUploading(row),
    pushTracking: (row: WaybillView) =>
      void run(t('push.retry'), () => repush.mutateAsync([row.orderId]), t('push.sent')),
    selfShipped: (row: WaybillView) => setSelfShipping(row),
  };

  const dialogs = (
    <>
      <ArrangeDialog
        rows={arranging}
        onClose={() => setArranging(null)}
        onStarted={(batchId) => {
          setArranging(null);
          setArrangeBatch(batchId);
          onDone?.();
        }}
      />
      <BatchProgressModal
        batchId={arrangeBatch}
        title={t('arrange.progress_title')}
        onFinished={() => void client.invalidateQueries({ queryKey: queryKeys.logistics.all })}
        onClose={() => setArrangeBatch(null)}
      />
      <PackedDialog
        rows={packing}
        onClose={() => setPacking(null)}
        onDone={(envelope) => {
          setPacking(null);
          report(t('action.packed'), envelope);
        }}
      />
      <SelfShippedDialog row={selfShipping} onClose={() => setSelfShipping(null)} />
      <UploadLabelDialog row={uploading} onClose={() => setUploading(null)} />
      {bulk.dialog}
    </>
  );

  return { actions, dialogs };
}
