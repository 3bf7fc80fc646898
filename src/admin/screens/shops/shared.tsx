/**
 * Pieces the shop screens share: the marketplaces' names, how each one is authorised, the shop
 * status tag with the reason a shop stopped, the sync run's state, and which row actions a
 * shop's status allows (the table that greys them out).
 */
import { SyncOutlined } from '@ant-design/icons';
import { App, Space, Tag, Typography, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@api/client.js';
import type { ShopView, SyncRunView } from '@shared/contract/shops.js';
import {
  MARKETPLACE_PLATFORMS,
  SHOP_STATUSES,
  type MarketplacePlatform,
  type ShopStatus,
  type SyncRunState,
} from '@shared/domain/marketplaces.js';
import { formFailure, useFeedback } from '../common/feedback.js';
import { formatDateTime } from '../common/format.js';

export const SHOP_LIST_PATH = '/shop/list';

/** A sync asked for: the run the shop showed then, so the list knows when the new one appears. */
export interface AskedSync {
  runId: string | null;
  askedAt: number;
}

/**
 * What a page that queued a shop's sync hands the list when it leads there (router state): the
 * authorisation's return page, whose first sync may not have started when the list opens.
 */
export interface ShopListArrival {
  askedSync: AskedSync & { shopId: string };
}
export const SKU_MATCH_PATH = '/shop/match';

/** The matching screen narrowed to one shop's items (the list's waiting-orders link). */
export function skuMatchLink(shopId: string): string {
  return `${SKU_MATCH_PATH}?${new URLSearchParams({ shopId }).toString()}`;
}

/**
 * How a seller authorises a shop: sent to the platform's page and back to /shopifyAuth
 * (Shopify first needs the shop's own myshopify domain), or the vendor's keys typed here (Coupang
 * has no redirect flow).
 */
export const AUTHORISATION: Record<MarketplacePlatform, 'redirect' | 'shopify' | 'keys'> = {
  shopee: 'redirect',
  lazada: 'redirect',
  tiktok: 'redirect',
  shopify: 'shopify',
  joom: 'redirect',
  coupang: 'keys',
};

export type ShopAction = 'authorise' | 'sync' | 'pause' | 'resume' | 'edit' | 'delete' | 'history';

/**
 * What each status allows. A pending shop is not authorised yet, so nothing syncs; an expired
 * one must be authorised again first; a paused one is resumed before it syncs.
 */
const ALLOWED: Record<ShopStatus, readonly ShopAction[]> = {
  pending: ['authorise', 'edit', 'delete'],
  active: ['authorise', 'sync', 'pause', 'edit', 'delete', 'history'],
  paused: ['authorise', 'resume', 'edit', 'delete', 'history'],
  expired: ['authorise', 'edit', 'delete', 'history'],
};

export function allows(status: ShopStatus, action: ShopAction): boolean {
  return ALLOWED[status].includes(action);
}

const STATUS_COLOURS: Record<ShopStatus, string> = {
  pending: 'default',
  active: 'green',
  paused: 'orange',
  expired: 'red',
};

const RUN_COLOURS: Record<SyncRunState, string> = {
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
};

/** The shop vocabulary in the viewer's language. */
export function useShopLabels() {
  const { t } = useTranslation('shops');
  return useMemo(
    () => ({
      platform: (platform: MarketplacePlatform) => t(`platform.${platform}`),
      platformOptions: MARKETPLACE_PLATFORMS.map((value) => ({ value, label: t(`platform.${value}`) })),
      status: (status: ShopStatus) => t(`status.${status}`),
      statusOptions: SHOP_STATUSES.map((value) => ({ value, label: t(`status.${value}`) })),
    }),
    [t],
  );
}

/**
 * An error code of errors:shop.* (why a shop stopped, why a run failed) in the viewer's words;
 * the platform's own explanation fills its {{reason}}.
 */
export function errorText(
  t: TFunction,
  code: string,
  params: { platform?: string; alias?: string; reason?: string } = {},
): string {
  if (!code) return '';
  return t(`errors:${code}`, {
    platform: params.platform ?? '',
    alias: params.alias ?? '',
    reason: params.reason || t('shops:error.no_reason'),
    defaultValue: code,
  });
}

/** The shop's status; under it why an expired shop stopped, or until when an authorised one may sync. */
export function ShopStatusTag({
  shop,
}: {
  shop: Pick<ShopView, 'status' | 'statusReason' | 'platform' | 'authorisedUntil'>;
}) {
  const { t } = useTranslation('shops');
  const labels = useShopLabels();
  const reason =
    shop.status === 'expired' && shop.statusReason
      ? errorText(t, shop.statusReason, { platform: labels.platform(shop.platform) })
      : '';
  const until =
    shop.status === 'active' || shop.status === 'paused'
      ? shop.authorisedUntil
        ? t('list.authorised_until', { time: formatDateTime(shop.authorisedUntil) })
        : t('list.no_expiry')
      : '';
  return (
    <Space direction="vertical" size={2}>
      <Tag color={STATUS_COLOURS[shop.status]}>{labels.status(shop.status)}</Tag>
      {reason && (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {reason}
        </Typography.Text>
      )}
      {until && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {until}
        </Typography.Text>
      )}
    </Space>
  );
}

export function RunStateTag({ state }: { state: SyncRunState }) {
  const { t } = useTranslation('shops');
  return (
    <Tag
      color={RUN_COLOURS[state]}
      icon={state === 'running' ? <SyncOutlined spin aria-hidden /> : undefined}
    >
      {t(`run_state.${state}`)}
    </Tag>
  );
}

/** What started a run, in the viewer's words. */
export function triggerLabel(t: TFunction, trigger: SyncRunView['trigger']): string {
  return t(`shops:trigger.${trigger}`);
}

/**
 * The server's words for a refusal about a shop. A marketplace's refusal (the platform did not
 * confirm, is not set up, did not answer) comes with a shop.* code and a 5xx status, yet it is
 * the platform's answer the seller must read, not our failure for the error catalogue.
 */
export function shopRefusal(error: unknown): string | null {
  return error instanceof ApiError && error.code.startsWith('shop.') && error.message ? error.message : null;
}

/** formFailure that shows a marketplace's refusal above the form too. */
export function shopFormFailure(error: unknown, form?: FormInstance): string | null {
  return shopRefusal(error) ?? formFailure(error, form);
}

/** useFeedback whose failures show a marketplace's refusal in its own words. */
export function useShopFeedback() {
  const { message } = App.useApp();
  const feedback = useFeedback();
  return useMemo(
    () => ({
      done: feedback.done,
      failed: (error: unknown) => {
        const text = shopRefusal(error);
        if (text === null) feedback.failed(error);
        else void message.error(text);
      },
    }),
    [feedback, message],
  );
}
