/**
 * The order drawer's notes (seller, warehouse, transfer, express): shown to everyone who sees the
 * order, edited in a dialog by whoever keeps each note, with the permission.
 */
import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@api/client.js';
import { useInventoryChange } from '@api/modules/inventory.js';
import { editOrderNotes } from '@api/modules/orders.js';
import type { OrderDetail, OrderNotesInput } from '@shared/contract/orders.js';
import { WAREHOUSE_ROLES, type UserRole } from '@shared/domain/roles.js';
import { ORDER_LIMITS } from '@shared/domain/order.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { hasAuth } from '../auth.js';
import { useFeedback } from '../common/feedback.js';
import { isSellerSide } from '../inventory/shared.js';
import { Section, text } from './DetailSection.js';

type NoteField = 'sellerNote' | 'warehouseNote' | 'transferNote' | 'expressNote';
const NOTE_FIELDS: readonly NoteField[] = ['sellerNote', 'warehouseNote', 'transferNote', 'expressNote'];

/** The notes a role keeps: the seller side its own, the warehouse side the others, agents and admins all. */
function editableNotes(role: UserRole | undefined): readonly NoteField[] {
  if (!hasAuth(PERMISSIONS.orderEdit) || !role) return [];
  if (isSellerSide(role)) return ['sellerNote'];
  if (WAREHOUSE_ROLES.includes(role)) return ['warehouseNote', 'transferNote', 'expressNote'];
  return NOTE_FIELDS;
}

/** The order's four notes, with an edit button for the ones the viewer keeps (none on a merged order). */
export function Notes({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const me = useSessionUser();
  const editable = order.mergedIntoId === null ? editableNotes(me?.userRole) : [];
  const [isEditing, setIsEditing] = useState(false);
  return (
    <Section
      title={t('detail.notes')}
      extra={
        editable.length > 0 && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setIsEditing(true)}>
            {t('notes.edit')}
          </Button>
        )
      }
    >
      <Descriptions
        bordered
        size="small"
        column={2}
        items={NOTE_FIELDS.map((field) => ({
          key: field,
          label: t(`notes.${field}`),
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{text(order[field])}</span>,
        }))}
      />
      <NotesModal order={order} fields={editable} open={isEditing} onClose={() => setIsEditing(false)} />
    </Section>
  );
}

function NotesModal({
  order,
  fields,
  open,
  onClose,
}: {
  order: OrderDetail;
  fields: readonly NoteField[];
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('orders');
  const [form] = Form.useForm<Partial<Record<NoteField, string>>>();
  const feedback = useFeedback();
  const save = useInventoryChange(editOrderNotes);
  const [refusal, setRefusal] = useState<string | null>(null);
  useEffect(() => {
    if (open) form.setFieldsValue(Object.fromEntries(fields.map((field) => [field, order[field]])));
  }, [open, form, fields, order]);
  const submit = async () => {
    setRefusal(null);
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const input: OrderNotesInput = { id: order.id };
    for (const field of fields) input[field] = (values[field] ?? '').trim();
    try {
      feedback.done(await save.mutateAsync(input));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
        setRefusal(error.message);
      else feedback.failed(error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('notes.title', { orderNo: order.orderNo })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {refusal && <Alert type="error" showIcon message={refusal} role="alert" style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" preserve={false}>
        {fields.map((field) => (
          <Form.Item
            key={field}
            name={field}
            label={t(`notes.${field}`)}
            rules={[{ max: ORDER_LIMITS.note, message: t('form.too_long', { max: ORDER_LIMITS.note }) }]}
          >
            <Input.TextArea rows={2} showCount maxLength={ORDER_LIMITS.note} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
