/** How many users hold each role (for those who manage users), with each role's share. */
import { Card, Empty, Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@shared/contract/dashboard.js';
import { ROLE_COLORS, useRoleLabels } from '../common/roles.js';

type Rows = NonNullable<DashboardSummary['usersByRole']>;

export function UsersByRole({ rows }: { rows: Rows }) {
  const { t } = useTranslation('system');
  const roles = useRoleLabels();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <Card
      size="small"
      title={t('dashboard.users_by_role')}
      extra={t('dashboard.users_count', { count: total })}
    >
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no_users')} />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }} size={6}>
          {rows.map((row) => (
            <div
              key={row.userRole}
              style={{ display: 'grid', gridTemplateColumns: '200px 1fr 40px', gap: 8, alignItems: 'center' }}
            >
              <span>
                <Tag color={ROLE_COLORS[row.userRole]}>{roles.label(row.userRole)}</Tag>
              </span>
              <Progress
                percent={Math.round((row.count / Math.max(1, total)) * 100)}
                showInfo={false}
                aria-label={roles.label(row.userRole)}
              />
              <Typography.Text strong style={{ textAlign: 'right' }}>
                {row.count}
              </Typography.Text>
            </div>
          ))}
        </Space>
      )}
    </Card>
  );
}
