/**
 * The order list's tabs as they stand today (GET /dashboard/figures `orders.today`): placed today,
 * waiting for review, pending shipment, problems, shipped and cancelled today; each card opens the
 * role's order list on that tab.
 */
import {
  CarOutlined,
  CloseCircleOutlined,
  ExclamationCircleOutlined,
  FileSearchOutlined,
  InboxOutlined,
  ShoppingCartOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { OrderTabsToday } from '@shared/contract/dashboard.js';
import type { UserRole } from '@shared/domain/roles.js';
import { orderListLink } from '../common/list-links.js';
import { FigureCards, type Figure } from './StatCards.js';

export function OrderTabCards({ today, role }: { today: OrderTabsToday; role: UserRole }) {
  const { t } = useTranslation('system');
  const { token } = theme.useToken();
  const since = dayjs().startOf('day').toISOString();
  const figures: Figure[] = [
    {
      key: 'ordered',
      title: t('dashboard.tab_ordered'),
      value: today.ordered,
      icon: <ShoppingCartOutlined />,
      color: token.colorPrimary,
      link: orderListLink(role, { dateField: 'ordered', dateFrom: since }),
    },
    {
      key: 'to_review',
      title: t('dashboard.tab_to_review'),
      value: today.to_review,
      icon: <FileSearchOutlined />,
      color: token.gold6,
      link: orderListLink(role, { tab: 'to_review' }),
    },
    {
      key: 'pending',
      title: t('dashboard.tab_pending'),
      value: today.pending,
      icon: <InboxOutlined />,
      color: token.blue6,
      link: orderListLink(role, { tab: 'pending' }),
    },
    {
      key: 'problem',
      title: t('dashboard.tab_problem'),
      value: today.problem,
      icon: <ExclamationCircleOutlined />,
      color: token.colorError,
      alert: true,
      link: orderListLink(role, { tab: 'problem' }),
    },
    {
      key: 'shipped',
      title: t('dashboard.tab_shipped'),
      value: today.shipped,
      icon: <CarOutlined />,
      color: token.colorSuccess,
      link: orderListLink(role, { tab: 'shipped', dateField: 'shipped', dateFrom: since }),
    },
    {
      key: 'cancelled',
      title: t('dashboard.tab_cancelled'),
      value: today.cancelled,
      icon: <CloseCircleOutlined />,
      color: token.colorTextTertiary,
      link: orderListLink(role, { tab: 'cancelled' }),
    },
  ];
  return <FigureCards figures={figures} minWidth={150} compact />;
}
