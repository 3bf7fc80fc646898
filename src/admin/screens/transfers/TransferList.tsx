/**
 * Stock transfers between warehouses (spec 02 §3): audit tabs (to audit, audited, refused), each
 * transfer's batch number, outbound and inbound warehouse, quantity sent and received, auditor
 * and audit time. Stock keepers make transfers; an auditor (never the maker, and only one of the
 * outbound warehouse: the row's isAuditable, decided by the server) passes one, which
 * sends the stock out and shows it in transit, or refuses it, each after a confirmation. Units
 * recorded short when receiving ended show in the list and, per line with their reason, in the
 * transfer's detail.
 */
import { App, Button, Form, Input, InputNumber, Modal, Space, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInventoryChange } from '@api/modules/inventory.js';
import { addTransfer, auditTransfer, useTransfers } from '@api/modules/transfers.js';
import { transferQuantity, type TransferRow } from '@shared/contract/transfers.js';
import { TRANSFER_LIMITS, TRANSFER_STATUSES, type TransferStatus } from '@shared/domain/transfers.js';
import { PERMISSIONS } from '@shared/permissions.js';
import { hasAuth } from '../auth.js';
import { AddButton } from '../common/AddButton.js';
import { FormFailure, useFeedback, useFormSubmit } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { PagedTable } from '../common/PagedTable.js';
import { DEFAULT_PAGE } from '../common/paging.js';
import { RowActions } from '../common/RowActions.js';
import { contractRule, maxLength, requiredChoice } from '../common/rules.js';
import { useListState } from '../common/screen-state.js';
import { WIDE_SCREENS_ONLY } from '../common/table-fit.js';
import { SkuSelect } from '../inbound/shared.js';
import { LocationSelect } from '../inventory/LocationSelect.js';
import { WarehouseSelect } from '../inventory/shared.js';
import { TransferDetailDrawer } from './TransferDetailDrawer.js';

interface ListState {
  pageNo: number;
  pageSize: number;
  status: TransferStatus | 'all';
  filter: Record<string, never>;
}

const INITIAL: ListState = { ...DEFAULT_PAGE, status: 'all', filter: {} };
const STATUS_COLOURS: Record<TransferStatus, string> = {
  to_audit: 'warning',
  audited: 'success',
  refused: 'error',
};

interface TransferValues {
  fromWarehouseId: string;
  toWarehouseId: string;
  note?: string;
  lines: { skuId?: string; locationId?: string; quantity?: number }[];
}

function TransferFormModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('transfers');
  const [form] = Form.useForm<TransferValues>();
  const fromWarehouseId = Form.useWatch('fromWarehouseId', form) ?? '';
  const add = useInventoryChange(addTransfer);
  const { submit, failure, isSaving, clearFailure } = useFormSubmit(
    form,
    (values) =>
      add.mutateAsync({
        fromWarehouseId: values.fromWarehouseId,
        toWarehouseId: values.toWarehouseId,
        note: values.note?.trim() ?? '',
        lines: values.lines.map((line) => ({
          skuId: line.skuId ?? '',
          locationId: line.locationId ?? '',
          quantity: line.quantity ?? 0,
        })),
      }),
    onClose,
  );
  return (
    <Modal
      open={open}
      width={760}
      title={t('form.title')}
      okText={t('form.create')}
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
      <Form form={form} name="transfer" layout="vertical" preserve={false} initialValues={{ lines: [{}] }}>
        <Space>
          <Form.Item
            name="fromWarehouseId"
            label={t('list.from')}
            rules={[requiredChoice(t, t('list.from'))]}
          >
            <WarehouseSelect allowClear={false} placeholder={t('form.pick_warehouse')} />
          </Form.Item>
          <Form.Item name="toWarehouseId" label={t('list.to')} rules={[requiredChoice(t, t('list.to'))]}>
            <WarehouseSelect allowClear={false} placeholder={t('form.pick_warehouse')} />
          </Form.Item>
        </Space>
        <Form.List name="lines">
          {(fields, { add: addLine, remove }) => (
            <>
              {fields.map((field) => (
                <Space key={field.key} align="start">
                  <Form.Item name={[field.name, 'skuId']} rules={[requiredChoice(t, t('form.sku'))]}>
                    <SkuSelect style={{ width: 260 }} aria-label={t('form.sku')} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'locationId']}
                    rules={[requiredChoice(t, t('form.location'))]}
                  >
                    <LocationSelect
                      warehouseId={fromWarehouseId}
                      disabled={fromWarehouseId === ''}
                      style={{ width: 180 }}
                      aria-label={t('form.location')}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quantity']}
                    rules={[
                      { required: true, message: t('form.quantity_required') },
                      contractRule(t, transferQuantity, t('form.quantity')),
                    ]}
                  >
                    {/* No min or max here: antd would clamp "-2" to 1 on blur; the rule refuses it. */}
                    <InputNumber placeholder={t('form.quantity')} aria-label={t('form.quantity')} />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button onClick={() => remove(field.name)}>{t('form.remove_line')}</Button>
                  )}
                </Space>
              ))}
              {fields.length < TRANSFER_LIMITS.lines && (
                <Button onClick={() => addLine({})}>{t('form.add_line')}</Button>
              )}
            </>
          )}
        </Form.List>
        <Form.Item name="note" label={t('form.note')} rules={[maxLength(t, TRANSFER_LIMITS.note)]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function TransferList() {
  const { t } = useTranslation('transfers');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const [state, setState] = useListState('transfers/TransferList', INITIAL);
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const audit = useInventoryChange(auditTransfer);
  const transfers = useTransfers({
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    status: state.status === 'all' ? undefined : state.status,
  });
  const canAdd = hasAuth(PERMISSIONS.transferEdit);
  const canAudit = hasAuth(PERMISSIONS.transferAudit);

  const ask = (row: TransferRow, decision: 'pass' | 'refuse') =>
    modal.confirm({
      title: t(`audit.${decision}_title`, { batchNo: row.batchNo }),
      content: t(`audit.${decision}_content`, {
        quantity: row.quantity,
        from: row.fromWarehouseCode,
        to: row.toWarehouseCode,
      }),
      okText: t(`audit.${decision}`),
      okButtonProps: { danger: decision === 'refuse' },
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          feedback.done(await audit.mutateAsync({ id: row.id, decision }));
        } catch (error) {
          feedback.failed(error);
        }
      },
    });

  const columns: ColumnsType<TransferRow> = [
    { title: t('list.batch_no'), dataIndex: 'batchNo', width: 160, fixed: 'left' },
    { title: t('list.from'), dataIndex: 'fromWarehouseCode', width: 100 },
    { title: t('list.to'), dataIndex: 'toWarehouseCode', width: 100 },
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: TransferStatus) => <Tag color={STATUS_COLOURS[status]}>{t(`status.${status}`)}</Tag>,
    },
    {
      title: t('list.stage'),
      dataIndex: 'stage',
      responsive: WIDE_SCREENS_ONLY,
      width: 110,
      render: (stage: string) => t(`stage.${stage}`),
    },
    { title: t('list.quantity'), dataIndex: 'quantity', width: 80, align: 'right' },
    { title: t('list.received'), dataIndex: 'receivedQuantity', width: 80, align: 'right' },
    { title: t('list.short'), dataIndex: 'shortQuantity', width: 80, align: 'right' },
    { title: t('list.auditor'), dataIndex: 'auditorName', width: 120, render: (name: string) => name || '-' },
    { title: t('list.audited_at'), dataIndex: 'auditedAt', width: 150, render: formatDateTime },
    {
      title: t('list.created_at'),
      dataIndex: 'createdAt',
      responsive: WIDE_SCREENS_ONLY,
      width: 150,
      render: formatDateTime,
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      render: (_value, row) => (
        <RowActions
          actions={[
            { key: 'detail', label: t('list.detail'), onClick: () => setShown(row.id) },
            {
              key: 'pass',
              label: t('audit.pass'),
              onClick: () => ask(row, 'pass'),
              show: canAudit && row.isAuditable,
            },
            {
              key: 'refuse',
              label: t('audit.refuse'),
              type: 'danger',
              onClick: () => ask(row, 'refuse'),
              show: canAudit && row.isAuditable,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      {canAdd && (
        <Space style={{ marginBottom: 8 }}>
          <AddButton isInToolbar onClick={() => setAdding(true)}>
            {t('form.title')}
          </AddButton>
        </Space>
      )}
      <Tabs
        activeKey={state.status}
        onChange={(key) => setState({ status: key as ListState['status'], pageNo: 1 })}
        items={[
          { key: 'all', label: t('list.all') },
          ...TRANSFER_STATUSES.map((status) => ({ key: status, label: t(`status.${status}`) })),
        ]}
      />
      <PagedTable<TransferRow>
        rowKey="id"
        bordered
        columns={columns}
        query={transfers}
        page={state}
        onPageChange={setState}
      />
      <TransferFormModal open={adding} onClose={() => setAdding(false)} />
      <TransferDetailDrawer id={shown} onClose={() => setShown(null)} />
    </>
  );
}
