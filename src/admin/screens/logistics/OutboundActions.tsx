/**
 * The outbound list's actions on waybills and their dialogs: arranging shipments (the channel
 * chosen among those every order may use, then the batch followed to its end), marking labels
 * printed or unprinted, picked, packed (with the parcel's weight when weighed) and delivered —
 * each asked first (spec 02 §5) — the pick and packing lists, and a row's fixes: a label that
 * was not saved (try again, upload by hand, save again), a parcel shipped elsewhere, and a
 * tracking number the marketplace did not take, sent again. Actions
 * on several orders show each order refused with why, never a single toast.
 */
import { InboxOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, Input, InputNumber, Modal, Radio, Space, Typography, Upload } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import {
  arrangeShipments,
  fetchPackingList,
  fetchPickList,
  markDelivered,
  markPacked,
  markPicked,
  markPrinted,
  markSelfShipped,
  regenerateLabels,
  retryLabels,
  retryTrackingPush,
  uploadLabel,
  useChannelOptions,
  useLogisticsChange,
} from '@api/modules/logistics.js';
import { queryKeys } from '@api/query-keys.js';
import { bulkReply, packedBody, type BulkReply, type WaybillView } from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS, LOGISTICS_PLATFORMS } from '@shared/domain/logistics.js';
import { FormFailure, refusalText, useFeedback, useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { contractProblem, maxLength, required } from '../common/rules.js';
import { BatchProgressModal } from './BatchProgress.js';
import { useBulkResults, useLogisticsLabels } from './shared.js';

const TRACKING_NO = /^[A-Za-z0-9-]+$/;

/** The order numbers a dialog is about, a few then how many more. */
function OrderNumbers({ rows }: { rows: readonly WaybillView[] }) {
  const { t } = useTranslation('logistics');
  const shown = rows.slice(0, 8).map((row) => row.orderNo);
  return (
    <Typography.Paragraph>
      {shown.join(', ')}
      {rows.length > shown.length ? ` ${t('common.and_more', { count: rows.length - shown.length })}` : ''}
    </Typography.Paragraph>
  );
}

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

/**
 * Arranging: the channels every selected order may ship by. Orders on a marketplace with its
 * own logistics (and orders that already have a channel) may go without a choice; otherwise one
 * must be chosen.
 */
function ArrangeDialog({
  rows,
  onClose,
  onStarted,
}: {
  rows: WaybillView[] | null;
  onClose: () => void;
  onStarted: (batchId: string) => void;
}) {
  const { t } = useTranslation('logistics');
  const labels = useLogisticsLabels();
  const orderIds = useMemo(() => rows?.map((row) => row.orderId) ?? null, [rows]);
  const options = useChannelOptions(orderIds);
  const [channelId, setChannelId] = useState<string | undefined>();
  const [isMissing, setIsMissing] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const feedback = useFeedback();
  const arrange = useLogisticsChange(arrangeShipments);

  // An order needs no choice when it has a channel already or its marketplace's own logistics is offered.
  const isDefaultable =
    rows !== null &&
    rows.every(
      (row) =>
        row.channelId !== null ||
        ((LOGISTICS_PLATFORMS as readonly string[]).includes(row.platform) &&
          (options.data ?? []).some(
            (option) => option.kind === 'marketplace' && option.platform === row.platform,
          )),
    );

  const close = () => {
    setChannelId(undefined);
    setIsMissing(false);
    setRefusal(null);
    onClose();
  };

  const submit = async () => {
    if (!rows) return;
    if (!channelId && !isDefaultable) {
      setIsMissing(true);
      return;
    }
    setRefusal(null);
    try {
      const envelope = await arrange.mutateAsync({
        orderIds: rows.map((row) => row.orderId),
        ...(channelId ? { channelId } : {}),
      });
      setChannelId(undefined);
      onStarted(envelope.result.id);
    } catch (error) {
      const text = refusalText(error);
      if (text === null) feedback.failed(error);
      else setRefusal(text);
    }
  };

  const choices = options.data ?? [];
  // The only channel these orders may use is chosen for the user (and can still be cleared).
  const soleChoice = choices.length === 1 ? choices[0]?.id : undefined;
  useEffect(() => {
    if (rows !== null && soleChoice && !isDefaultable) setChannelId((current) => current ?? soleChoice);
  }, [rows, soleChoice, isDefaultable]);
  return (
    <Modal
      open={rows !== null}
      title={t('arrange.title', { count: rows?.length ?? 0 })}
      okText={t('arrange.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: arrange.isPending }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <FormFailure text={refusal} />
      {rows && <OrderNumbers rows={rows} />}
      <Form layout="vertical">
        <Form.Item
          label={t('field.channel')}
          required={!isDefaultable}
          validateStatus={isMissing ? 'error' : undefined}
          help={
            isMissing
              ? t('errors:waybill.channel_required')
              : isDefaultable
                ? t('arrange.default_hint')
                : undefined
          }
        >
          {options.isLoading ? (
            <Typography.Text type="secondary">{t('arrange.loading')}</Typography.Text>
          ) : choices.length === 0 ? (
            <Alert type="warning" showIcon message={t('arrange.no_channels')} />
          ) : (
            <Radio.Group
              aria-label={t('field.channel')}
              value={channelId}
              onChange={(event) => {
                setChannelId(event.target.value as string);
                setIsMissing(false);
              }}
            >
              <Space direction="vertical">
                {choices.map((option) => (
                  <Radio key={option.id} value={option.id}>
                    {option.name}
                    <Typography.Text type="secondary">
                      {' · '}
                      {option.kind === 'marketplace' && option.platform
                        ? labels.platform(option.platform)
                        : labels.kind(option.kind)}
                    </Typography.Text>
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Packed: a confirmation, with the parcel's weight in grams when it was weighed. */
function PackedDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: WaybillView[] | null;
  onClose: () => void;
  onDone: (envelope: Envelope<BulkReply>) => void;
}) {
  const { t } = useTranslation('logistics');
  const [weight, setWeight] = useState<number | null>(null);
  const feedback = useFeedback();
  const packed = useLogisticsChange(markPacked);
  // What was typed is checked by the contract (whole grams, 1 to 100,000), never clamped by the box.
  const weightProblem = contractProblem(t, packedBody.shape.weightGrams, t('field.weight'), weight);
  const send = async () => {
    if (!rows || weightProblem) return;
    try {
      const envelope = await packed.mutateAsync({
        orderIds: rows.map((row) => row.orderId),
        ...(weight ? { weightGrams: weight } : {}),
      });
      setWeight(null);
      onDone(envelope);
    } catch (error) {
      feedback.failed(error);
    }
  };
  return (
    <Modal
      open={rows !== null}
      title={t('confirm.packed_title', { count: rows?.length ?? 0 })}
      okText={t('confirm.packed_ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: packed.isPending, disabled: weightProblem !== null }}
      onOk={() => void send()}
      onCancel={() => {
        setWeight(null);
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('confirm.packed_content')}</Typography.Paragraph>
      {rows && <OrderNumbers rows={rows} />}
      <Form layout="vertical">
        <Form.Item
          label={t('field.weight')}
          extra={t('packed.weight_hint')}
          validateStatus={weightProblem ? 'error' : undefined}
          help={weightProblem ?? undefined}
        >
          <InputNumber<number>
            aria-label={t('field.weight')}
            addonAfter="g"
            value={weight}
            onChange={setWeight}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface SelfShippedValues {
  trackingNo: string;
  carrierName?: string;
}

/** A parcel shipped outside the warehouse's channels: its tracking number and carrier typed in. */
function SelfShippedDialog({ row, onClose }: { row: WaybillView | null; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const [form] = Form.useForm<SelfShippedValues>();
  const change = useLogisticsChange(markSelfShipped);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      change.mutateAsync({
        orderId: row?.orderId ?? '',
        trackingNo: values.trackingNo.trim(),
        carrierName: (values.carrierName ?? '').trim(),
      }),
    onClose,
  );
  return (
    <FormModal<SelfShippedValues>
      title={t('self_shipped.title', { orderNo: row?.orderNo ?? '' })}
      open={row !== null}
      form={form}
      name="self_shipped"
      failure={failure}
      isSaving={isSaving}
      intro={<Typography.Paragraph type="secondary">{t('self_shipped.intro')}</Typography.Paragraph>}
      onSave={() => void submit()}
      onClose={() => {
        clearFailure();
        onClose();
      }}
    >
      <Form.Item
        name="trackingNo"
        label={t('field.tracking_no')}
        rules={[
          required(t, t('field.tracking_no')),
          maxLength(t, LOGISTICS_LIMITS.trackingNo),
          { pattern: TRACKING_NO, message: t('self_shipped.tracking_pattern') },
        ]}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="carrierName"
        label={t('field.carrier_name')}
        rules={[maxLength(t, LOGISTICS_LIMITS.companyName)]}
      >
        <Input />
      </Form.Item>
    </FormModal>
  );
}

/** One label PDF (at most 5 MB) saved by hand for an order whose label was not saved. */
function UploadLabelDialog({ row, onClose }: { row: WaybillView | null; onClose: () => void }) {
  const { t } = useTranslation('logistics');
  const feedback = useFeedback();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useLogisticsChange(uploadLabel);
  const close = () => {
    setFile(null);
    setProblem(null);
    onClose();
  };
  const send = async () => {
    if (!row) return;
    if (!file) {
      setProblem(t('upload.choose'));
      return;
    }
    try {
      feedback.done(await upload.mutateAsync({ orderId: row.orderId, file }));
      close();
    } catch (error) {
      const text = refusalText(error);
      if (text === null) feedback.failed(error);
      else setProblem(text);
    }
  };
  return (
    <Modal
      open={row !== null}
      title={t('upload.title', { orderNo: row?.orderNo ?? '' })}
      okText={t('upload.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: upload.isPending }}
      onOk={() => void send()}
      onCancel={close}
      destroyOnHidden
    >
      <FormFailure text={problem} />
      <Upload.Dragger
        accept="application/pdf,.pdf"
        maxCount={1}
        fileList={file ? [{ uid: 'label', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          const isPdf = chosen.type === 'application/pdf' || chosen.name.toLowerCase().endsWith('.pdf');
          if (!isPdf || chosen.size > LOGISTICS_LIMITS.labelBytes) {
            setProblem(t('errors:waybill.label_invalid'));
            setFile(null);
          } else {
            setProblem(null);
            setFile(chosen);
          }
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('upload.hint')}</p>
      </Upload.Dragger>
    </Modal>
  );
}
