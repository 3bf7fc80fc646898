/**
 * /shopifyAuth (spec 01 §2 'Return point of shop authorisation'): where every platform's
 * authorisation page sends the seller back, not only Shopify's. It is a hidden page of the
 * signed-in shell, so a visitor without a session signs in first and is brought back here with
 * the query intact. The whole query goes to the server once — a code can be traded only once,
 * so a second render or a remount reuses the first answer — then the page names the shop and
 * its first sync, or says in the viewer's words why the platform's answer was refused.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Envelope } from '@api/client.js';
import { finishAuthorisation } from '@api/modules/shops.js';
import { queryKeys } from '@api/query-keys.js';
import type { ShopView } from '@shared/contract/shops.js';
import { SHOP_LIST_PATH, shopFormFailure, type ShopListArrival, useShopLabels } from './shared.js';

/** The answer to each query sent, by query string: one POST per redirect, whatever renders it. */
const answers = new Map<string, Promise<Envelope<ShopView>>>();

function sendOnce(search: string, query: Record<string, string>): Promise<Envelope<ShopView>> {
  let answer = answers.get(search);
  if (!answer) {
    answer = finishAuthorisation(query);
    answers.set(search, answer);
  }
  return answer;
}

type Outcome =
  { kind: 'waiting' } | { kind: 'done'; shop: ShopView; at: number } | { kind: 'failed'; text: string };

export function ShopAuthorised() {
  const { t } = useTranslation('shops');
  const { search } = useLocation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const labels = useShopLabels();
  const query = useMemo(() => Object.fromEntries(new URLSearchParams(search)), [search]);
  const isEmpty = Object.keys(query).length === 0;
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'waiting' });

  useEffect(() => {
    if (isEmpty) return;
    let isCurrent = true;
    sendOnce(search, query).then(
      (envelope) => {
        void client.invalidateQueries({ queryKey: queryKeys.shops.all });
        if (isCurrent) setOutcome({ kind: 'done', shop: envelope.result, at: Date.now() });
      },
      (error: unknown) => {
        if (isCurrent)
          setOutcome({ kind: 'failed', text: shopFormFailure(error) ?? t('authorised.failed_generic') });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [search, query, isEmpty, client, t]);

  // The list waits for the first sync this authorisation queued, which may not have started yet.
  const arrival: ShopListArrival | undefined =
    outcome.kind === 'done'
      ? {
          askedSync: {
            shopId: outcome.shop.id,
            runId: outcome.shop.lastRun?.id ?? null,
            askedAt: outcome.at,
          },
        }
      : undefined;
  const toList = (
    <Button type="primary" onClick={() => navigate(SHOP_LIST_PATH, { state: arrival })}>
      {t('authorised.to_list')}
    </Button>
  );

  if (isEmpty)
    return (
      <Result
        status="warning"
        title={t('authorised.no_answer_title')}
        subTitle={t('authorised.no_answer')}
        extra={toList}
      />
    );
  if (outcome.kind === 'waiting')
    return (
      <div
        role="status"
        style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', paddingTop: 96, gap: 16 }}
      >
        <Spin size="large" />
        <span>{t('authorised.finishing')}</span>
      </div>
    );
  if (outcome.kind === 'failed')
    return <Result status="error" title={t('authorised.failed')} subTitle={outcome.text} extra={toList} />;
  const { shop } = outcome;
  return (
    <Result
      status="success"
      title={t('authorised.title', { alias: shop.alias, platform: labels.platform(shop.platform) })}
      subTitle={
        <>
          {shop.shopName && (
            <div>
              {t('authorised.platform_shop', {
                platform: labels.platform(shop.platform),
                name: shop.shopName,
              })}
            </div>
          )}
          <div>{t('authorised.first_sync')}</div>
        </>
      }
      extra={toList}
    />
  );
}
