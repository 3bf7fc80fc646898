/**
 * One inbound order (opened at /inbound/detail?id=…): its header, progress per box and
 * per SKU (expected, received, shelved, damaged), the reported discrepancies with their photos,
 * and the receiving and shelving records from the ledger; the box labels print from here.
 */
import { PrinterOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Progress,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { printBoxLabels, useInboundOrder } from '@api/modules/inbound.js';
import type { InboundDetail as Detail, InboundLineView } from '@shared/contract/inbound.js';
import { overReceived, type DiscrepancyKind } from '@shared/domain/inbound.js';
import { formatDateTime } from '../common/format.js';
import { PhotoThumbnails } from './PhotoThumbnails.js';
import { StatusTag, useStatusLabels, useTransportLabels, useWarehousingLabels } from './shared.js';

type Discrepancy = Detail['discrepancies'][number];
type InboundRecord = Detail['records'][number];
type SkuProgress = Detail['skus'][number];

const KIND_COLOURS: Record<DiscrepancyKind, string> = {
  short: 'orange',
  over: 'blue',
  unknown_sku: 'purple',
  damaged: 'red',
};

function percent(done: number, of: number) {
  return of > 0 ? Math.min(100, Math.round((done / of) * 100)) : 0;
}

function useProgressColumns<T extends Omit<InboundLineView, 'id'>>(): ColumnsType<T> {
  const { t } = useTranslation('inbound');
  return [
    { title: t('detail.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('detail.sys_code'), dataIndex: 'sysCode', width: 120 },
    { title: t('detail.product'), dataIndex: 'productName', width: 180, ellipsis: true },
    { title: t('progress.expected'), dataIndex: 'shipQuantity', width: 90, align: 'right' },
    { title: t('progress.received'), dataIndex: 'receivedQuantity', width: 90, align: 'right' },
    { title: t('progress.shelved'), dataIndex: 'shelvedQuantity', width: 90, align: 'right' },
    { title: t('progress.damaged'), dataIndex: 'damagedQuantity', width: 90, align: 'right' },
    {
      title: t('progress.title'),
      key: 'progress',
      width: 200,
      // More received than shipped is an over-receipt, shown as such rather than as 100 %.
      render: (_value, line) =>
        line.receivedQuantity > line.shipQuantity ? (
          <Space direction="vertical" size={0}>
            <Progress
              size="small"
              percent={100}
              status="exception"
              showInfo={false}
              aria-label={`${t('progress.title')} ${line.sellerSku}`}
            />
            <Typography.Text type="danger">
              {t('progress.over', { over: line.receivedQuantity - line.shipQuantity })}
            </Typography.Text>
          </Space>
        ) : (
          <Progress
            size="small"
            percent={percent(line.receivedQuantity, line.shipQuantity)}
            success={{ percent: percent(line.shelvedQuantity, line.shipQuantity) }}
            aria-label={`${t('progress.title')} ${line.sellerSku}`}
          />
        ),
    },
  ];
}

export function InboundDetail() {
  const { t } = useTranslation('inbound');
  const [search] = useSearchParams();
  const id = search.get('id');
  const order = useInboundOrder(id);
  const statuses = useStatusLabels();
  const transport = useTransportLabels();
  const warehousing = useWarehousingLabels();
  const lineColumns = useProgressColumns<InboundLineView>();
  const skuColumns = useProgressColumns<SkuProgress>();
  const [isPrinting, setIsPrinting] = useState(false);

  if (!id) return <Empty description={t('detail.no_order')} />;
  if (order.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const detail = order.data;
  if (!detail) return <Empty description={t('detail.no_order')} />;
  // Units received beyond what their SKU shipped, summed over SKUs (a short one does not offset it).
  const overReceivedTotal = detail.skus.reduce((sum, line) => sum + overReceived(line), 0);

  const printLabels = () => {
    setIsPrinting(true);
    void printBoxLabels(detail)
      .catch(() => undefined)
      .finally(() => setIsPrinting(false));
  };

  const skuOf = (skuId: string | null) => detail.skus.find((sku) => sku.skuId === skuId)?.sellerSku ?? '-';
  const boxOf = (boxId: string | null) => detail.boxes.find((box) => box.id === boxId)?.boxNo ?? '-';

  const discrepancyColumns: ColumnsType<Discrepancy> = [
    { title: t('detail.time'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('detail.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: DiscrepancyKind) => <Tag color={KIND_COLOURS[kind]}>{t(`kind.${kind}`)}</Tag>,
    },
    { title: t('detail.box'), dataIndex: 'boxId', width: 120, render: boxOf },
    {
      title: t('detail.sku'),
      key: 'sku',
      width: 150,
      render: (_value, row) => (row.kind === 'unknown_sku' ? (row.barcode ?? '-') : skuOf(row.skuId)),
    },
    { title: t('detail.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    { title: t('detail.reason'), dataIndex: 'reason', ellipsis: true },
    {
      title: t('detail.photos'),
      dataIndex: 'photos',
      width: 230,
      render: (photos: string[]) => <PhotoThumbnails photos={photos} />,
    },
  ];

  const recordColumns: ColumnsType<InboundRecord> = [
    { title: t('detail.time'), dataIndex: 'createdAt', width: 150, render: formatDateTime },
    {
      title: t('detail.kind'),
      dataIndex: 'kind',
      width: 120,
      render: (kind: InboundRecord['kind']) => <Tag>{t(`record.${kind}`)}</Tag>,
    },
    { title: t('detail.sku'), dataIndex: 'sellerSku', width: 140 },
    { title: t('detail.quantity'), dataIndex: 'quantity', width: 90, align: 'right' },
    {
      title: t('detail.from'),
      dataIndex: 'fromLocationCode',
      width: 130,
      render: (code: string | null) => code ?? '-',
    },
    {
      title: t('detail.to'),
      dataIndex: 'toLocationCode',
      width: 130,
      render: (code: string | null) => code ?? '-',
    },
    {
      title: t('detail.operator'),
      dataIndex: 'actorName',
      width: 120,
      render: (name: string | null) => name ?? '-',
    },
    { title: t('detail.reason'), dataIndex: 'reason', ellipsis: true, render: (text: string) => text || '-' },
  ];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {detail.abnormalReason && (
        <Alert
          type="error"
          showIcon
          message={t('list.abnormal_reason')}
          description={detail.abnormalReason}
        />
      )}
      <Card
        title={t('detail.title', { inboundNo: detail.inboundNo })}
        extra={
          <Button icon={<PrinterOutlined />} loading={isPrinting} onClick={printLabels}>
            {t('detail.print_labels')}
          </Button>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={t('list.inbound_no')}>{detail.inboundNo}</Descriptions.Item>
          <Descriptions.Item label={t('list.status')}>
            <StatusTag status={detail.status} label={statuses.label(detail.status)} />
          </Descriptions.Item>
          <Descriptions.Item label={t('list.seller')}>{detail.sellerName}</Descriptions.Item>
          <Descriptions.Item label={t('list.warehouse')}>{detail.warehouseCode}</Descriptions.Item>
          <Descriptions.Item label={t('detail.receiving_location')}>
            {detail.receivingLocationCode || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('list.transport_mode')}>
            {transport.label(detail.transportMode)}
          </Descriptions.Item>
          <Descriptions.Item label={t('list.warehousing_type')}>
            {warehousing.label(detail.warehousingType)}
          </Descriptions.Item>
          <Descriptions.Item label={t('list.expected_arrival')}>
            {formatDateTime(detail.expectedArrival)}
          </Descriptions.Item>
          <Descriptions.Item label={t('common.created_at')}>
            {formatDateTime(detail.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('list.boxes')}>{detail.boxCount}</Descriptions.Item>
          <Descriptions.Item label={t('progress.expected')}>{detail.shipQuantity}</Descriptions.Item>
          <Descriptions.Item label={t('progress.received')}>{detail.receivedQuantity}</Descriptions.Item>
          <Descriptions.Item label={t('progress.shelved')}>{detail.shelvedQuantity}</Descriptions.Item>
          {overReceivedTotal > 0 && (
            <Descriptions.Item label={t('progress.over_received')}>
              <Typography.Text type="danger" data-testid="over-received">
                {overReceivedTotal}
              </Typography.Text>
            </Descriptions.Item>
          )}
          <Descriptions.Item label={t('list.shipping_remark')} span={2}>
            {detail.shippingRemark || '-'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('detail.skus')}>
        <Table<SkuProgress>
          rowKey="skuId"
          size="small"
          bordered
          pagination={false}
          columns={skuColumns}
          dataSource={detail.skus}
          scroll={{ x: 1000 }}
        />
      </Card>
      <Card title={t('detail.boxes')}>
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {detail.boxes.map((box) => (
            <Card
              key={box.id}
              type="inner"
              size="small"
              title={
                <Space>
                  <Typography.Text strong>{box.boxNo}</Typography.Text>
                  {box.finishedAt ? (
                    <Tag color="success">
                      {t('detail.finished_at', { time: formatDateTime(box.finishedAt) })}
                    </Tag>
                  ) : (
                    <Tag>{t('detail.open')}</Tag>
                  )}
                </Space>
              }
            >
              <Table<InboundLineView>
                rowKey="id"
                size="small"
                pagination={false}
                columns={lineColumns}
                dataSource={box.lines}
                scroll={{ x: 1000 }}
              />
            </Card>
          ))}
        </Space>
      </Card>
      <Card title={t('detail.discrepancies')}>
        <Table<Discrepancy>
          rowKey="id"
          size="small"
          bordered
          pagination={false}
          columns={discrepancyColumns}
          dataSource={detail.discrepancies}
          scroll={{ x: 900 }}
        />
      </Card>
      <Card title={t('detail.records')}>
        <Table<InboundRecord>
          rowKey="id"
          size="small"
          bordered
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={recordColumns}
          dataSource={detail.records}
          scroll={{ x: 1000 }}
        />
      </Card>
    </Space>
  );
}
