/**
 * The dashboard's figures, one card each (a link when a list lies behind it); a card shows only
 * when the server sent its figure. FigureCards lays out any such figures, StatCards those of
 * GET /dashboard/summary.
 */
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

export interface Figure {
  key: string;
  title: string;
  value: number;
  icon: ReactNode;
  color: string;
  link?: string;
  /** Called as the link is followed (e.g. to set the list's filter). */
  onOpen?: () => void;
  /** A line under the value. */
  note?: ReactNode;
  /** Shown in the warning colour while above zero. */
  alert?: boolean;
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

/**
 * Figures as cards in a grid that wraps to the width; `compact` puts the icon beside the title
 * (for six or more figures in a row at 1366 px).
 */
export function FigureCards({
  figures,
  minWidth = 180,
  compact = false,
}: {
  figures: readonly Figure[];
  minWidth?: number;
  compact?: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gap: 16,
        gridTemplateColumns: `repeat(auto-fit, minmax(${minWidth}px, 1fr))`,
      }}
    >
      {figures.map((figure) => {
        const alerting = figure.alert && figure.value > 0;
        const valueStyle = alerting ? { color: token.colorError } : undefined;
        const card = compact ? (
          <Card
            size="small"
            hoverable={Boolean(figure.link)}
            data-testid={`figure-${figure.key}`}
            style={{ height: '100%' }}
          >
            <Statistic
              title={
                <span
                  title={figure.title}
                  style={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 6,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                  }}
                >
                  <span
                    aria-hidden
                    style={{ color: alerting ? token.colorError : figure.color, flex: 'none' }}
                  >
                    {figure.icon}
                  </span>
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{figure.title}</span>
                </span>
              }
              value={figure.value}
              valueStyle={valueStyle}
            />
          </Card>
        ) : (
          <Card
            size="small"
            hoverable={Boolean(figure.link)}
            data-testid={`figure-${figure.key}`}
            style={{ height: '100%' }}
          >
            <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <div
                aria-hidden
                style={{
                  fontSize: 20,
                  color: alerting ? token.colorError : figure.color,
                  background: alerting ? token.colorErrorBg : token.colorFillQuaternary,
                  borderRadius: token.borderRadiusLG,
                  width: 44,
                  height: 44,
                  flex: 'none',
                  display: 'grid',
                  placeItems: 'center',
                }}
              >
                {figure.icon}
              </div>
              <div style={{ minWidth: 0 }}>
                <Statistic title={figure.title} value={figure.value} valueStyle={valueStyle} />
                {figure.note && (
                  <div style={{ fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
                    {figure.note}
                  </div>
                )}
              </div>
            </div>
          </Card>
        );
        return figure.link ? (
          <Link key={figure.key} to={figure.link} onClick={figure.onOpen} style={{ display: 'block' }}>
            {card}
          </Link>
        ) : (
          <div key={figure.key}>{card}</div>
        );
      })}
    </div>
  );
}

export function StatCards({ summary }: { summary: DashboardSummary }) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const colors = [token.colorPrimary, token.colorWarning, token.colorSuccess, token.cyan6, token.purple6];
  return <FigureCards figures={figuresOf(summary, t, colors)} />;
}
