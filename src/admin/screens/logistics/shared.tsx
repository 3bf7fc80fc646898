/**
 * Pieces the logistics screens share: the channel and waybill vocabulary in the viewer's
 * language, which outbound steps a waybill allows now (the table that greys buttons out), the
 * printer kind a batch of labels goes to, and the dialog listing each order an action refused.
 */
import { Modal, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkReply, WaybillView } from '@shared/contract/logistics.js';
import {
  ARRANGEABLE,
  CARRIERS,
  CHANNEL_KINDS,
  hasTracking,
  LOGISTICS_PLATFORMS,
} from '@shared/domain/logistics.js';
import type { Platform } from '@shared/domain/order.js';
import { PRINTER_KINDS, type PrinterKind } from '../../dialogs/printer-store.js';

/** The outbound list's tabs, in the order a parcel goes through them. */
export const STAGES = [
  'to_arrange',
  'arrange_failed',
  'to_print',
  'to_pick',
  'to_pack',
  'to_deliver',
  'delivered',
] as const;
export type Stage = (typeof STAGES)[number];

export type WaybillAction =
  | 'arrange'
  | 'print'
  | 'markPrinted'
  | 'markUnprinted'
  | 'picked'
  | 'packed'
  | 'delivered'
  | 'pickList'
  | 'packingList'
  | 'reprint'
  | 'fixLabel'
  | 'selfShipped';

/** The order still waits to leave the warehouse. */
const isWaiting = (row: WaybillView) =>
  row.localStatus === 'pending_shipment' && row.warehouseStatus !== 'delivered';
const isArrangeable = (row: WaybillView) => isWaiting(row) && ARRANGEABLE.includes(row.arrangeStatus);
const hasLabel = (row: WaybillView) => hasTracking(row.arrangeStatus) && row.labelStatus === 'ready';

/**
 * What each step needs of a waybill: arranged before printed, printed before picked, picked
 * before packed, packed and printed before handed over. Retrying a label only after it failed,
 * reprinting only a stored one. The server checks again and says why per order.
 */
const ALLOWS: Record<WaybillAction, (row: WaybillView) => boolean> = {
  arrange: isArrangeable,
  selfShipped: isArrangeable,
  print: (row) => isWaiting(row) && hasLabel(row),
  markPrinted: hasLabel,
  markUnprinted: (row) => row.isPrinted,
  picked: (row) => isWaiting(row) && hasTracking(row.arrangeStatus) && !row.isPicked,
  packed: (row) => isWaiting(row) && row.isPicked && !row.isPacked,
  delivered: (row) => isWaiting(row) && row.isPacked && row.isPrinted,
  pickList: (row) => isWaiting(row) && hasTracking(row.arrangeStatus),
  packingList: (row) => isWaiting(row) && hasTracking(row.arrangeStatus),
  reprint: hasLabel,
  fixLabel: (row) => hasTracking(row.arrangeStatus) && row.labelStatus === 'failed',
};

export function allows(action: WaybillAction, row: WaybillView): boolean {
  return ALLOWS[action](row);
}

/** How many of the rows the step does not fit now (0: the button is live). */
export function refusedCount(action: WaybillAction, rows: readonly WaybillView[]): number {
  return rows.filter((row) => !ALLOWS[action](row)).length;
}

/** The marketplaces with a printer of their own in Printer settings (spec 01 §2 dialog 3). */
const PLATFORM_PRINTERS: readonly PrinterKind[] = PRINTER_KINDS.filter((kind) => kind !== 'jd');

/**
 * The printer one label goes to, by who issued it, never by the order's marketplace: a label the
 * marketplace's logistics issued (or one uploaded by hand for its channel) goes to that
 * marketplace's printer; our own label and a carrier's go to the general label printer ('jd'),
 * a Shopee order shipped by our carrier included.
 */
export function labelPrinterKind(row: Pick<WaybillView, 'labelSource' | 'channelPlatform'>): PrinterKind {
  const isPlatformLabel = row.labelSource === 'platform' || row.labelSource === 'upload';
  const platform = row.channelPlatform;
  if (!isPlatformLabel || platform === null) return 'jd';
  return PLATFORM_PRINTERS.find((kind) => kind === platform) ?? 'jd';
}

/**
 * The printer a batch of labels goes to: the one every label's source agrees on (their sizes
 * differ by marketplace), else the general label printer ('jd').
 */
export function printerKindOf(
  rows: readonly Pick<WaybillView, 'labelSource' | 'channelPlatform'>[],
): PrinterKind {
  const [first, ...rest] = rows.map(labelPrinterKind);
  if (first === undefined) return 'jd';
  return rest.every((kind) => kind === first) ? first : 'jd';
}

/** The logistics vocabulary in the viewer's language (platform names come from the orders' texts). */
export function useLogisticsLabels() {
  const { t } = useTranslation(['logistics', 'orders']);
  return useMemo(() => {
    const options = <V extends string>(values: readonly V[], label: (value: V) => string) =>
      values.map((value) => ({ value, label: label(value) }));
    const kind = (value: (typeof CHANNEL_KINDS)[number]) => t(`kind.${value}`);
    const platform = (value: Platform) => t(`orders:platform.${value}`);
    const carrier = (value: (typeof CARRIERS)[number]) => t(`carrier.${value}`);
    return {
      kind,
      kindOptions: options(CHANNEL_KINDS, kind),
      platform,
      logisticsPlatformOptions: options(LOGISTICS_PLATFORMS, platform),
      carrier,
      carrierOptions: options(CARRIERS, carrier),
      stage: (value: Stage) => t(`stage.${value}`),
    };
  }, [t]);
}

/** An error code of errors:* in the viewer's words, or the server's own message when it sent one. */
export function problemText(
  t: (key: string, options?: Record<string, unknown>) => string,
  item: { errorCode: string; message: string; orderNo: string },
): string {
  if (item.message) return item.message;
  if (!item.errorCode) return '';
  return t(`errors:${item.errorCode}`, { orderNo: item.orderNo, defaultValue: item.errorCode });
}

interface BulkResult {
  title: string;
  reply: BulkReply;
}

/**
 * Shows what an action on several orders did: how many succeeded, and each order it refused
 * with why (never a single toast for a batch).
 */
export function useBulkResults() {
  const [result, setResult] = useState<BulkResult | null>(null);
  return {
    show: (title: string, reply: BulkReply) => setResult({ title, reply }),
    dialog: <BulkResultsModal result={result} onClose={() => setResult(null)} />,
  };
}

type Failure = BulkReply['failed'][number];

function BulkResultsModal({ result, onClose }: { result: BulkResult | null; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const columns: ColumnsType<Failure> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 180 },
    {
      title: t('result.reason'),
      key: 'reason',
      render: (_value, row) => <Typography.Text type="danger">{problemText(t, row)}</Typography.Text>,
    },
  ];
  const failed = result?.reply.failed ?? [];
  return (
    <Modal
      open={result !== null}
      width={640}
      title={t('result.title', { action: result?.title ?? '' })}
      onCancel={onClose}
      onOk={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('common.close')}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('result.summary', { succeeded: result?.reply.succeeded ?? 0, failed: failed.length })}
      </Typography.Paragraph>
      {failed.length > 0 && (
        <Table<Failure>
          rowKey="orderId"
          size="small"
          pagination={false}
          columns={columns}
          dataSource={failed}
          aria-label={t('result.failures')}
        />
      )}
    </Modal>
  );
}
