/**
 * A role sees only the screens it can use: for every demo user, every screen of the menu the
 * permission call answers is opened the way the admin opens it, by its list call, and that
 * call answers 200. A screen added to the menu without its list call here fails the test, so
 * every later screen is held to the same rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@shared/contract/identity.js';
import { DEMO_LOGINS } from '@server/seed/demo.js';
import { adminCalls } from '../support/admin-calls.js';
import { createTestWorld, type TestWorld } from '../support/test-app.js';

let world: TestWorld;
beforeAll(async () => {
  world = await createTestWorld();
});
afterAll(() => world.close());
const api = adminCalls(() => world);

/**
 * The call each screen makes first to fill itself, by the screen id the menu names in
 * `component`; null for a screen that calls nothing yet.
 */
const SCREEN_LIST_CALLS: Record<string, string | null> = {
  'dashboard/Analysis': 'dashboard/summary?tz=UTC',
  'system/UserAnnouncement': 'sys/sysAnnouncementSend/getMyAnnouncementSend?pageNo=1&pageSize=10',
  'system/DownloadTask': null,
  'questions/OrderFeedback': 'orderNoteRec/list?pageNo=1&pageSize=10',
  'system/UserList': 'sys/user/list?pageNo=1&pageSize=10',
  'system/RoleList': 'sys/role/list?pageNo=1&pageSize=10',
  'system/DepartList': 'sys/sysDepart/queryTreeList',
  'system/PermissionList': 'sys/permission/list',
  'system/DictList': 'sys/dict/list?pageNo=1&pageSize=10',
  'system/LogList': 'sys/loginfo',
  'system/AnnouncementList': 'sys/annountCement/list?pageNo=1&pageSize=10',
  'system/VideoList': 'sys/video/list',
  'seller/StaffList': 'agent/user/store/list?pageNo=1&pageSize=10',
  'seller/RoleList': 'sys/seller/role/queryall',
  'catalog/ProductList': 'catalog/product/list?pageNo=1&pageSize=10',
  'inventory/StockList': 'inventory/stock/list?pageNo=1&pageSize=10',
  'inventory/LocationStock': 'inventory/stock/locations?pageNo=1&pageSize=10',
  'inventory/StockRecords': 'inventory/stock/records?pageNo=1&pageSize=10',
  'counts/CheckList': 'stock/check/list?pageNo=1&pageSize=10',
  'transfers/TransferList': 'stock/transfer/list?pageNo=1&pageSize=10',
  'returns/ReturnList': 'return/list?pageNo=1&pageSize=10',
  // The list asks for its warehouse first; its own call needs one chosen.
  'inventory/DestroyList': 'warehouse/options',
  'inbound/InboundList': 'inbound/order/list?pageNo=1&pageSize=10',
  'orders/OrderList': 'order/list?pageNo=1&pageSize=20&type=all',
  'warehouse/WarehouseList': 'warehouse/list?pageNo=1&pageSize=10',
  'warehouse/LocationList': 'warehouse/location/list?pageNo=1&pageSize=10',
  'shops/ShopList': 'shop/list?pageNo=1&pageSize=10',
  'logistics/Outbound': 'waybill/list?pageNo=1&pageSize=10',
  'picking/WaveList': 'wave/list?pageNo=1&pageSize=10',
  'logistics/ChannelList': 'logistics/channel/list?pageNo=1&pageSize=10',
  'logistics/BagList': 'bag/list?pageNo=1&pageSize=10',
  'shops/SkuMatch': 'shop/items?pageNo=1&pageSize=10&match=unmatched',
};

/** The screens a user can open from the side menu: visible, routed items with a screen. */
function shownScreens(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.hidden) return [];
    const own = item.route === '1' && item.component !== 'layouts/RouteView' ? [item] : [];
    return [...own, ...shownScreens(item.children ?? [])];
  });
}

describe('the menu of each demo role', () => {
  it.each(DEMO_LOGINS.map((login) => [login.username, login.tenant] as const))(
    'leads %s only to screens whose list call answers 200',
    async (username, tenant) => {
      const token = await api.signIn(username, 'Demo12345', tenant);
      const permissions = await api.call(token, 'GET', 'sys/permission/getUserPermissionByToken?lang=en-US');
      expect(permissions.status).toBe(200);
      const screens = shownScreens(permissions.body.result.menu as MenuItem[]);
      expect(screens.length).toBeGreaterThan(0);

      const refused: string[] = [];
      for (const screen of screens) {
        expect(
          Object.keys(SCREEN_LIST_CALLS),
          `screen ${screen.component} needs its list call here`,
        ).toContain(screen.component);
        const listCall = SCREEN_LIST_CALLS[screen.component];
        if (!listCall) continue;
        const reply = await api.call(token, 'GET', listCall);
        if (reply.status !== 200)
          refused.push(`${screen.path} → ${listCall}: ${reply.status} ${reply.body.code}`);
      }
      expect(refused).toEqual([]);
    },
  );
});

describe('screens that work on the caller’s own seller', () => {
  it('stay out of the menu of a user who acts for no seller, even when a role grants them', async () => {
    await world.database.ownerPool.query(
      `insert into role_permissions (tenant_id, role_id, permission_id)
       select r.tenant_id, r.id, p.id
         from roles r
         join tenants t on t.id = r.tenant_id
         join permissions p on p.tenant_id = r.tenant_id
        where t.agent_code = 'demo' and r.role_code = 'customer_service' and r.seller_id is null
          and p.catalog_key like 'seller_staff%'
       on conflict do nothing`,
    );
    const token = await api.signIn('service');
    const permissions = await api.call(token, 'GET', 'sys/permission/getUserPermissionByToken?lang=en-US');
    const paths = shownScreens(permissions.body.result.menu as MenuItem[]).map((screen) => screen.path);
    expect(paths).toContain('/dashboard/analysis');
    expect(paths).not.toContain('/seller/staff');
    expect(paths).not.toContain('/seller/roles');
    const actions = (permissions.body.result.auth as { action: string }[]).map((entry) => entry.action);
    expect(actions.filter((action) => action.startsWith('seller:'))).toEqual([]);
  });
});

describe('the order list of each role (spec 01 §2)', () => {
  it.each([
    ['seller', '/order/manage/seller'],
    ['sellerstaff', '/order/manage/seller'],
    ['waremanager', '/order/manager/ware'],
    ['warestaff', '/order/manager/ware'],
    ['agent', '/agent/order/new'],
    ['admin', '/agent/order/new'],
    ['service', '/agent/order/new'],
  ] as const)('leads %s to %s only', async (username, path) => {
    const token = await api.signIn(username);
    const permissions = await api.call(token, 'GET', 'sys/permission/getUserPermissionByToken?lang=en-US');
    const orderPaths = shownScreens(permissions.body.result.menu as MenuItem[])
      .filter((screen) => screen.component === 'orders/OrderList')
      .map((screen) => screen.path);
    expect(orderPaths).toEqual([path]);
  });
});
