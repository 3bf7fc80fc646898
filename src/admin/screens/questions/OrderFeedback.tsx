/**
 * Order feedback (spec 01 §2): /shopee/orderFeedbackSeller for sellers and their staff,
 * /shopee/orderFeedback for the other side (customer service, warehouse, agents). On the left
 * the queue of questions, those waiting for the viewer's side first, filtered by pending or
 * handled and by order number; on the right the chosen order's whole conversation with a reply
 * box. ?ordersn= (from the header's popover or the order screens) opens that order's
 * conversation; choosing in the queue changes it without opening another tab.
 */
import { Card, Col, Empty, Input, Row, Segmented, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuestions } from '@api/modules/questions.js';
import type { QuestionRow } from '@shared/contract/questions.js';
import { QUESTION_PAGE_SIZE, type QuestionStatus } from '@shared/domain/questions.js';
import type { UserRole } from '@shared/domain/roles.js';
import { orderLandingLink } from '../../header/order-list-landing.js';
import { feedbackLink } from '../../header/question-links.js';
import { useRoutedPaths } from '../../header/use-routed-paths.js';
import { useSessionUser } from '../../layout/use-session-user.js';
import { formatDateTime } from '../common/format.js';
import { tablePagination } from '../common/paging.js';
import { useScreenState } from '../common/screen-state.js';
import { OrderQuestions } from './OrderQuestions.js';
import { QuestionStatusTag } from './shared.js';

type StatusFilter = QuestionStatus | 'all';

interface QueueState {
  pageNo: number;
  pageSize: number;
  status: StatusFilter;
  ordersn: string;
}

const INITIAL: QueueState = { pageNo: 1, pageSize: QUESTION_PAGE_SIZE, status: 'pending', ordersn: '' };

interface Chosen {
  /** The ?ordersn= the choice was made under: a new link from the popover replaces the choice. */
  under: string;
  ordersn: string;
  orderId: string | null;
}

export function OrderFeedback() {
  const { t } = useTranslation(['questions', 'system']);
  const me = useSessionUser();
  const role: UserRole = me?.userRole ?? 'seller';
  const routed = useRoutedPaths();
  const [params] = useSearchParams();
  const linked = (params.get('ordersn') ?? '').trim();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const current =
    chosen && chosen.under === linked
      ? chosen
      : linked
        ? { under: linked, ordersn: linked, orderId: null }
        : null;
  // The order in the order list, when the menu routes one (else the link would lead back here).
  const orderLink = current ? orderLandingLink(role, current.ordersn, routed) : null;
  const showsOrderLink = current !== null && orderLink !== feedbackLink(role, current.ordersn);
  const [state, setState] = useScreenState('questions/OrderFeedback', INITIAL);
  const queue = useQuestions({
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    status: state.status === 'all' ? undefined : state.status,
    ordersn: state.ordersn || undefined,
  });

  const columns: ColumnsType<QuestionRow> = [
    {
      title: t('queue.ordersn'),
      dataIndex: 'ordersn',
      width: 150,
      render: (ordersn: string) => <Typography.Text strong>{ordersn}</Typography.Text>,
    },
    {
      title: t('queue.note'),
      dataIndex: 'note',
      render: (note: string, row) => (
        <Space direction="vertical" size={0} style={{ width: '100%' }}>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
            {note}
          </Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.authorName ?? ''} · {formatDateTime(row.createTime)}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('queue.status'),
      dataIndex: 'questionFlag',
      width: 130,
      render: (flag: number) => <QuestionStatusTag flag={flag} role={role} />,
    },
  ];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={11}>
        <Card size="small" title={t('queue.title')}>
          <Space direction="vertical" size={12} style={{ width: '100%' }}>
            <Space wrap>
              <Segmented<StatusFilter>
                value={state.status}
                onChange={(status) => setState({ status, pageNo: 1 })}
                options={[
                  { value: 'pending', label: t('queue.pending') },
                  { value: 'handled', label: t('queue.handled') },
                  { value: 'all', label: t('queue.all') },
                ]}
              />
              <Input.Search
                allowClear
                defaultValue={state.ordersn}
                placeholder={t('queue.search_ordersn')}
                aria-label={t('queue.search_ordersn')}
                style={{ width: 220 }}
                onSearch={(value) => setState({ ordersn: value.trim(), pageNo: 1 })}
              />
            </Space>
            <Table<QuestionRow>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={queue.data?.records}
              loading={queue.isFetching}
              locale={{ emptyText: t('queue.empty') }}
              pagination={tablePagination(t, state, queue.data?.total, (page) => setState(page))}
              rowClassName={(row) => (row.ordersn === current?.ordersn ? 'ant-table-row-selected' : '')}
              onRow={(row) => ({
                onClick: () => setChosen({ under: linked, ordersn: row.ordersn, orderId: row.orderId }),
                style: { cursor: 'pointer' },
              })}
            />
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={13}>
        <Card
          size="small"
          title={
            current ? t('feedback.conversation_of', { ordersn: current.ordersn }) : t('feedback.conversation')
          }
          extra={
            showsOrderLink && orderLink ? <Link to={orderLink}>{t('feedback.open_order_list')}</Link> : null
          }
        >
          {current ? (
            <OrderQuestions
              key={`${current.ordersn}:${current.orderId ?? ''}`}
              ordersn={current.ordersn}
              orderId={current.orderId ?? undefined}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('feedback.choose')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
