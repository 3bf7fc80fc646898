/** Giving an open check order to another counter of its warehouse, or to anyone in it. */
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { assignCount } from '@api/modules/counts.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import type { CountRow } from '@shared/contract/counts.js';
import { FormFailure, useFormSubmit } from '../common/feedback.js';
import { CounterSelect } from './CountFormModal.js';

export function AssignModal({ row, onClose }: { row: CountRow | null; onClose: () => void }) {
  const { t } = useTranslation('counts');
  const [form] = Form.useForm<{ assigneeId?: string }>();
  const assign = useInventoryChange(assignCount);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) => assign.mutateAsync({ id: row?.id ?? '', assigneeId: values.assigneeId ?? null }),
    onClose,
  );
  return (
    <Modal
      open={row !== null}
      title={t('assign.title', { countNo: row?.countNo ?? '' })}
      okText={t('assign.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit()}
      onCancel={() => {
        clearFailure();
        onClose();
      }}
      destroyOnHidden
    >
      <FormFailure text={failure} />
      {row && (
        <Form
          form={form}
          name="assign"
          layout="vertical"
          preserve={false}
          initialValues={{ assigneeId: row.assigneeId ?? undefined }}
        >
          <Form.Item name="assigneeId" label={t('list.assignee')}>
            <CounterSelect warehouseId={row.warehouseId} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
