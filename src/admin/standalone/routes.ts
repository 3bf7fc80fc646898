/**
 * Pages outside the signed-in shell and the login layout: the payment
 * return page and the failure page. Pages load on demand.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface StandaloneRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

export const STANDALONE_ROUTES: StandaloneRoute[] = [
  {
    path: '/alipay',
    page: lazy(() => import('./PaymentReturnPage.js').then((m) => ({ default: m.PaymentReturnPage }))),
  },
  { path: '/404', page: lazy(() => import('./NotFoundPage.js').then((m) => ({ default: m.NotFoundPage }))) },
];
