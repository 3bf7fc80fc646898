/** The dashboard's figures, one card each; a card shows only when the server sent its figure. */
import {
  BellOutlined,
  LoginOutlined,
  NotificationOutlined,
  QuestionCircleOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { Card, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DashboardSummary } from '@shared/contract/dashboard.js';

interface Figure {
  key: string;
  title: string;
  value: number;
  icon: ReactNode;
  color: string;
  link?: string;
}

export const MY_ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';

function figuresOf(summary: DashboardSummary, t: (key: string) => string, colors: string[]): Figure[] {
  const figures: Figure[] = [
    {
      key: 'unread',
      title: t('dashboard.unread_announcements'),
      value: summary.unreadAnnouncements,
      icon: <BellOutlined />,
      color: colors[0] ?? '',
      link: MY_ANNOUNCEMENTS_PATH,
    },
    {
      key: 'questions',
      title: t('dashboard.pending_questions'),
      value: summary.pendingQuestions,
      icon: <QuestionCircleOutlined />,
      color: colors[1] ?? '',
    },
  ];
  if (summary.usersByRole) {
    figures.push({
      key: 'users',
      title: t('dashboard.users_total'),
      value: summary.usersByRole.reduce((sum, row) => sum + row.count, 0),
      icon: <TeamOutlined />,
      color: colors[2] ?? '',
    });
  }
  const today = summary.loginsPerDay?.at(-1);
  if (today) {
    figures.push({
      key: 'logins',
      title: t('dashboard.logins_today'),
      value: today.count,
      icon: <LoginOutlined />,
      color: colors[3] ?? '',
    });
  }
  if (summary.announcementsReleased !== null) {
    figures.push({
      key: 'released',
      title: t('dashboard.announcements_released'),
      value: summary.announcementsReleased,
      icon: <NotificationOutlined />,
      color: colors[4] ?? '',
    });
  }
  return figures;
}

export function StatCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const colors = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.cyan6, token.purple6];
  const figures = figuresOf(summary, t, colors);
  return (
    <div style={{ display: 'grid', gap: 16, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
      {figures.map((figure) => {
        const card = (
          <Card
            size="small"
            hoverable={Boolean(figure.link)}
            data-testid={`figure-${figure.key}`}
            style={{ height: '100%' }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
              <div
                aria-hidden
                style={{
                  fontSize: 22,
                  color: figure.color,
                  background: token.colorFillQuaternary,
                  borderRadius: token.borderRadiusLG,
                  width: 48,
                  height: 48,
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {figure.icon}
              </div>
              <Statistic title={figure.title} value={figure.value} />
            </div>
          </Card>
        );
        return figure.link ? (
          <Link key={figure.key} to={figure.link} style={{ display: 'block' }}>
            {card}
          </Link>
        ) : (
          <div key={figure.key}>{card}</div>
        );
      })}
    </div>
  );
}
