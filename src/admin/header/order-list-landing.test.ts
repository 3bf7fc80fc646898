import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/contract/identity.js';
import { orderLandingLink, routedPaths } from './order-list-landing.js';

const item = (path: string, children?: MenuItem[], route: '0' | '1' = '1'): MenuItem => ({
  path,
  name: path,
  component: 'x',
  redirect: null,
  hidden: false,
  route,
  alwaysShow: false,
  meta: {
    title: path,
    icon: null,
    url: null,
    permissionList: [],
    keepAlive: false,
    internalOrExternal: false,
  },
  ...(children ? { children } : {}),
});

const query = '?searchTrackingNo=SO-1&type=all';

describe('where an order question’s order number lands', () => {
  it('collects the routed paths of the menu, hidden ones included', () => {
    const menu = [
      item('/order', [item('/order/manager/ware'), item('/shopee/orderFeedback')]),
      item('/x', [], '0'),
    ];
    expect([...routedPaths(menu)].sort()).toEqual(['/order', '/order/manager/ware', '/shopee/orderFeedback']);
  });

  it('is the role’s own order list when the menu routes it, or before the menu is known', () => {
    expect(orderLandingLink('seller', 'SO-1', new Set())).toBe(`/order/manage/seller${query}`);
    expect(orderLandingLink('agent_manager', 'SO-1', new Set(['/agent/order/new']))).toBe(
      `/agent/order/new${query}`,
    );
  });

  it('is another order list of the same side the menu routes', () => {
    expect(orderLandingLink('ware_staff', 'SO-1', new Set(['/order/manager/ware']))).toBe(
      `/order/manager/ware${query}`,
    );
    expect(orderLandingLink('system_service', 'SO-1', new Set(['/order/manager/ware']))).toBe(
      `/order/manager/ware${query}`,
    );
  });

  it('is the feedback page when the menu routes no order list the role may use', () => {
    expect(orderLandingLink('customer_service', 'SO-1', new Set(['/shopee/orderFeedback']))).toBe(
      '/shopee/orderFeedback?ordersn=SO-1',
    );
    expect(orderLandingLink('seller', 'SO-1', new Set(['/agent/order/new']))).toBe(
      '/shopee/orderFeedbackSeller?ordersn=SO-1',
    );
  });
});
