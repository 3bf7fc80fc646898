/**
 * The outbound dialogs that move waybills on: arranging shipments (the channel chosen among those
 * every order may use) and marking packed (with the parcel's weight when weighed), with the order
 * numbers every outbound dialog names.
 */
import { Alert, Form, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Envelope } from '@api/client.js';
import {
  arrangeShipments,
  markPacked,
  useChannelOptions,
  useLogisticsChange,
} from '@api/modules/logistics.js';
import { packedBody, type BulkReply, type WaybillView } from '@shared/contract/logistics.js';
import { LOGISTICS_PLATFORMS } from '@shared/domain/logistics.js';
import { FormFailure, refusalText, useFeedback } from '../common/feedback.js';
import { contractProblem } from '../common/rules.js';
import { useLogisticsLabels } from './shared.js';

/** The order numbers a dialog is about, a few then how many more. */
export function OrderNumbers({ rows }: { rows: readonly WaybillView[] }) {
  const { t } = useTranslation('logistics');
  const shown = rows.slice(0, 8).map((row) => row.orderNo);
  return (
    <Typography.Paragraph>
      {shown.join(', ')}
      {rows.length > shown.length ? ` ${t('common.and_more', { count: rows.length - shown.length })}` : ''}
    </Typography.Paragraph>
  );
}

/**
 * Arranging: the channels every selected order may ship by. Orders on a marketplace with its
 * own logistics (and orders that already have a channel) may go without a choice; otherwise one
 * must be chosen.
 */
export function ArrangeDialog({
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
export function PackedDialog({
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
            addonAfter={t('field.grams')}
            value={weight}
            onChange={setWeight}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
