/** Names and colours the dashboard's business figures share: marketplaces, status tabs, stock parts. */
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CHART_TABS } from '@shared/contract/dashboard.js';
import type { Platform } from '@shared/domain/order.js';

type ChartTab = (typeof CHART_TABS)[number];

export function useFigureColors() {
  const { token } = theme.useToken();
  const platform: Record<Platform, string> = {
    shopee: token.orange6,
    lazada: token.blue6,
    tiktok: token.magenta6,
    shopify: token.green6,
    joom: token.purple6,
    coupang: token.red6,
    manual: token.colorTextTertiary,
  };
  const tab: Record<ChartTab, string> = {
    to_review: token.gold6,
    pending: token.blue6,
    shipped: token.green6,
    cancelled: token.colorTextQuaternary,
  };
  return { platform, tab, available: token.green6, frozen: token.orange5 };
}

export function useFigureLabels() {
  const { t } = useTranslation('system');
  return {
    platform: (platform: Platform) => t(`dashboard.platform_${platform}`),
    tab: (tab: ChartTab) => t(`dashboard.status_${tab}`),
  };
}
