/**
 * The tags dialog: add, remove or set the hand tags of the selected orders.
 */
import { Checkbox, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { setOrderTags } from '@api/modules/orders.js';
import type { OrderActionResult } from '@shared/contract/orders.js';
import type { OrderTag } from '@shared/domain/order.js';
import type { ActedOrder } from './acted-order.js';
import { OrderNumbers, useRefusal } from './ActionDialogParts.js';
import { useOrderLabels } from './shared.js';

/** Tags set by hand; 'problem' and 'out_of_stock' follow the order's open problems. */
const HAND_TAGS: readonly OrderTag[] = ['urgent', 'pre_brushed', 'evaluation'];

/** Tags: add, remove or set the hand tags of the selected orders. */
export function TagsDialog({
  orders,
  onClose,
  onDone,
}: {
  orders: ActedOrder[] | null;
  onClose: () => void;
  onDone: (rows: OrderActionResult[]) => void;
}) {
  const { t } = useTranslation('orders');
  const labels = useOrderLabels();
  const [mode, setMode] = useState<'add' | 'remove' | 'set'>('add');
  const [tags, setTags] = useState<OrderTag[]>([]);
  const refusal = useRefusal();
  const change = useInventoryChange(setOrderTags);
  const close = () => {
    setTags([]);
    setMode('add');
    refusal.clear();
    onClose();
  };
  const confirm = async () => {
    if (!orders) return;
    const reply = await refusal.run(() =>
      change.mutateAsync({ ids: orders.map((order) => order.id), tags, mode }),
    );
    if (!reply) return;
    setTags([]);
    onDone(reply.result);
  };
  return (
    <Modal
      open={orders !== null}
      title={t('tags.title', { count: orders?.length ?? 0 })}
      okText={t('tags.ok')}
      okButtonProps={{ loading: change.isPending, disabled: mode !== 'set' && tags.length === 0 }}
      cancelText={t('common.keep')}
      onOk={() => void confirm()}
      onCancel={close}
      destroyOnHidden
    >
      {refusal.alert}
      {orders && <OrderNumbers orders={orders} />}
      <Space direction="vertical" size={12}>
        <Radio.Group value={mode} onChange={(event) => setMode(event.target.value as typeof mode)}>
          <Radio.Button value="add">{t('tags.add')}</Radio.Button>
          <Radio.Button value="remove">{t('tags.remove')}</Radio.Button>
          <Radio.Button value="set">{t('tags.set')}</Radio.Button>
        </Radio.Group>
        <Checkbox.Group
          value={tags}
          onChange={(values) => setTags(values)}
          options={HAND_TAGS.map((tag) => ({ value: tag, label: labels.tag.label(tag) }))}
        />
        <Typography.Text type="secondary">{t('tags.derived')}</Typography.Text>
      </Space>
    </Modal>
  );
}
