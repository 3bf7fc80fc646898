/**
 * Login statistics (/sys/loginfo, /sys/visitInfo): sign-ins ever and today, distinct
 * addresses today, the viewer's own sign-ins today, and the last seven days as a chart and a table.
 */
import { Card, Col, Empty, Row, Skeleton, Space, Statistic, Table, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoginInfo, useVisitInfo } from '@api/modules/dashboard.js';
import type { VisitDay } from '@shared/contract/system-admin.js';
import { BarChart } from '../common/charts/index.js';

export function LogList() {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const info = useLoginInfo();
  const visits = useVisitInfo();
  const days = visits.data ?? [];
  const hasVisits = days.some((day) => day.visit > 0 || day.ip > 0);
  const figures = info.data
    ? [
        { key: 'total', title: t('log.total'), value: info.data.totalVisitCount },
        { key: 'today', title: t('log.today'), value: info.data.todayVisitCount },
        { key: 'today_ip', title: t('log.today_ip'), value: info.data.todayIp },
        { key: 'mine', title: t('log.today_mine'), value: info.data.todayUserVisitCount },
      ]
    : [];

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {info.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Row gutter={[16, 16]}>
          {figures.map((figure) => (
            <Col key={figure.key} xs={24} sm={12} xl={6}>
              <Card size="small">
                <Statistic title={figure.title} value={figure.value} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <Card size="small" title={t('log.chart')} loading={visits.isPending}>
        {hasVisits ? (
          <BarChart
            title={t('log.chart')}
            labels={days.map((day) => day.type)}
            series={[
              { name: t('log.visits'), color: token.colorPrimary, values: days.map((day) => day.visit) },
              { name: t('log.addresses'), color: token.colorSuccess, values: days.map((day) => day.ip) },
            ]}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('log.no_visits')} />
        )}
      </Card>
      <Table<VisitDay>
        rowKey="tian"
        size="small"
        loading={visits.isPending}
        dataSource={[...days].reverse()}
        pagination={false}
        columns={[
          { title: t('log.date'), dataIndex: 'tian' },
          { title: t('log.visits'), dataIndex: 'visit', align: 'right' },
          { title: t('log.addresses'), dataIndex: 'ip', align: 'right' },
        ]}
      />
    </Space>
  );
}
