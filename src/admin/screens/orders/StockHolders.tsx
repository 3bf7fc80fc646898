/**
 * From the stock list: which orders hold a SKU's frozen units in a warehouse (beside the units
 * frozen by hand), each order opening the viewer's order list at it; and, for managers with the
 * repair permission, the reservation repair (spec: re-derive reservations from open orders)
 * with its report of every difference it fixed.
 */
import { ToolOutlined } from '@ant-design/icons';
import { App, Button, Modal, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useInventoryChange } from '@api/modules/inventory.js';
import { repairReservations, useStockHolders } from '@api/modules/orders.js';
import type { RepairReport, StockHoldersView } from '@shared/contract/orders.js';
import { orderListLink } from '../../header/question-links.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';
import { StatusTag } from './shared.js';

export interface HeldStock {
  skuId: string;
  warehouseId: string;
  sellerSku: string;
  warehouseCode: string;
  frozen: number;
}

type Holder = StockHoldersView['holders'][number];

export function StockHoldersModal({ stock, onClose }: { stock: HeldStock | null; onClose: () => void }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const me = useSessionUser();
  const holders = useStockHolders(stock?.skuId ?? null, stock?.warehouseId);
  const summary = holders.data?.warehouses.find((row) => row.warehouseId === stock?.warehouseId);
  const byOrders = summary?.reserved ?? 0;
  const frozen = summary?.frozen ?? stock?.frozen ?? 0;
  const columns: ColumnsType<Holder> = [
    {
      title: t('field.order_no'),
      dataIndex: 'orderNo',
      width: 170,
      render: (orderNo: string) =>
        me ? (
          <Typography.Link
            onClick={() => {
              onClose();
              navigate(orderListLink(me.userRole, orderNo));
            }}
          >
            {orderNo}
          </Typography.Link>
        ) : (
          orderNo
        ),
    },
    { title: t('field.system_no'), dataIndex: 'systemNo', width: 170 },
    {
      title: t('field.status'),
      dataIndex: 'localStatus',
      width: 140,
      render: (status: Holder['localStatus']) => <StatusTag status={status} />,
    },
    { title: t('holders.units'), dataIndex: 'quantity', width: 90, align: 'right' },
    { title: t('reservation.reserved_at'), dataIndex: 'reservedAt', width: 150, render: formatDateTime },
  ];
  return (
    <Modal
      open={stock !== null}
      width={760}
      title={t('holders.title', { sku: stock?.sellerSku ?? '', warehouse: stock?.warehouseCode ?? '' })}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {holders.isLoading ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph>
            {t('holders.summary', { frozen, orders: byOrders, hand: Math.max(0, frozen - byOrders) })}
          </Typography.Paragraph>
          <Table<Holder>
            rowKey="orderId"
            size="small"
            pagination={false}
            columns={columns}
            dataSource={holders.data?.holders ?? []}
            locale={{ emptyText: t('holders.none') }}
            aria-label={t('holders.table')}
          />
        </>
      )}
    </Modal>
  );
}

type Difference = RepairReport['differences'][number];

/** Repair reservations: asks first, then shows what was checked and every difference fixed. */
export function RepairReservationsButton({ warehouseId }: { warehouseId?: string }) {
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const feedback = useFeedback();
  const repair = useInventoryChange(repairReservations);
  const [report, setReport] = useState<RepairReport | null>(null);
  const ask = () =>
    modal.confirm({
      title: t('repair.confirm_title'),
      content: t('repair.confirm_content'),
      okText: t('repair.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          setReport((await repair.mutateAsync({ warehouseId: warehouseId ?? '' })).result);
        } catch (error) {
          feedback.failed(error);
        }
      },
    });
  const columns: ColumnsType<Difference> = [
    { title: t('field.order_no'), dataIndex: 'orderNo', width: 160 },
    { title: t('field.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('repair.expected'), dataIndex: 'expected', width: 100, align: 'right' },
    { title: t('repair.ledger'), dataIndex: 'ledger', width: 100, align: 'right' },
    {
      title: t('repair.fix'),
      dataIndex: 'fix',
      render: (fix: Difference['fix']) => t(`repair.fixes.${fix}`),
    },
  ];
  return (
    <>
      <Button icon={<ToolOutlined />} loading={repair.isPending} onClick={ask}>
        {t('repair.button')}
      </Button>
      <Modal
        open={report !== null}
        width={720}
        title={t('repair.report_title')}
        onOk={() => setReport(null)}
        onCancel={() => setReport(null)}
        okText={t('common.close')}
        cancelButtonProps={{ style: { display: 'none' } }}
        destroyOnHidden
      >
        <Typography.Paragraph>
          {report && report.differences.length === 0
            ? t('repair.clean', { count: report.ordersChecked })
            : t('repair.fixed', {
                count: report?.ordersChecked ?? 0,
                differences: report?.differences.length ?? 0,
              })}
        </Typography.Paragraph>
        {report && report.differences.length > 0 && (
          <Table<Difference>
            rowKey={(row) => `${row.orderId}:${row.skuId}:${row.warehouseId}`}
            size="small"
            pagination={false}
            columns={columns}
            dataSource={report.differences}
          />
        )}
      </Modal>
    </>
  );
}
