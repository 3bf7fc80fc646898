/**
 * Pages outside the signed-in shell and the login layout: the payment return page, the public
 * privacy policy and the failure page. Pages load on demand.
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
  {
    path: '/privacyPolicy',
    page: lazy(() => import('./PrivacyPolicyPage.js').then((m) => ({ default: m.PrivacyPolicyPage }))),
  },
  { path: '/404', page: lazy(() => import('./NotFoundPage.js').then((m) => ({ default: m.NotFoundPage }))) },
];
