/** Sign-ins per day for the last 7 days (viewer's calendar), as bars; nothing to draw says so. */
import { Card, Empty, theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DashboardSummary } from '@shared/contract/dashboard.js';
import { BarChart } from '../common/charts/index.js';

type Days = NonNullable<DashboardSummary['loginsPerDay']>;

export function LoginChart({ days }: { days: Days }) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const total = days.reduce((sum, day) => sum + day.count, 0);
  return (
    <Card
      size="small"
      title={t('dashboard.logins_chart')}
      extra={t('dashboard.logins_week', { count: total })}
    >
      {total === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard.no_logins')} />
      ) : (
        <BarChart
          title={t('dashboard.logins_chart')}
          labels={days.map((day) => dayjs(day.date).format('MM-DD ddd'))}
          series={[
            { name: t('dashboard.logins'), color: token.colorPrimary, values: days.map((day) => day.count) },
          ]}
        />
      )}
    </Card>
  );
}
