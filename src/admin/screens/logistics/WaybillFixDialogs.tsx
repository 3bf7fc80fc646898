/**
 * The outbound row's fixes for a waybill: a parcel shipped outside the warehouse's channels (its
 * tracking number and carrier typed in) and a label that was not saved, uploaded by hand.
 */
import { InboxOutlined } from '@ant-design/icons';
import { Form, Input, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markSelfShipped, uploadLabel, useLogisticsChange } from '@api/modules/logistics.js';
import type { WaybillView } from '@shared/contract/logistics.js';
import { LOGISTICS_LIMITS } from '@shared/domain/logistics.js';
import { FormFailure, refusalText, useFeedback, useFormSubmit } from '../common/feedback.js';
import { FormModal } from '../common/FormModal.js';
import { maxLength, required } from '../common/rules.js';

const TRACKING_NO = /^[A-Za-z0-9-]+$/;

interface SelfShippedValues {
  trackingNo: string;
  carrierName?: string;
}

/** A parcel shipped outside the warehouse's channels: its tracking number and carrier typed in. */
export function SelfShippedDialog({ row, onClose }: { row: WaybillView | null; onClose: () => void }) {
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
export function UploadLabelDialog({ row, onClose }: { row: WaybillView | null; onClose: () => void }) {
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
