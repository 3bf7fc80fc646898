import { SELLER_SIDE_ROLES, USER_ROLES, WAREHOUSE_ROLES, type UserRole } from './domain/roles.js';
import { PERMISSIONS, type PermissionCode } from './permissions.js';

/**
 * The product's menu and button catalogue. Each tenant gets a copy in its permissions table
 * (admins may add to it); titles come from locales/<lang>/menu.json by key (letters and _ only,
 * so a key is never split by i18next's separators). `component` is
 * the id of a screen the admin registers (a ScreenId), or GROUP_COMPONENT for a menu group;
 * never a file path.
 *
 * Kept whole past 400 lines: it is one table, read top to bottom as the menu reads, and a menu
 * split over files would hide an entry's place among its siblings.
 */
export interface CatalogEntry {
  key: string;
  parentKey?: string;
  /** 0 menu, 1 sub-menu, 2 button. */
  menuType: 0 | 1 | 2;
  path?: string;
  component?: string;
  redirect?: string;
  icon?: string;
  perms?: PermissionCode;
  sortNo: number;
  hidden?: boolean;
  isRoute?: boolean;
  alwaysShow?: boolean;
  keepAlive?: boolean;
  /**
   * The screen works on the caller's own seller (its staff, its roles): a user who acts for no
   * seller never gets it, whatever roles grant it, nor anything under it.
   */
  isSellerScoped?: boolean;
  /**
   * The entry is for its own roles only: no other role gets it, whatever grants it (an
   * administrator included) — the order list of each role (spec 01 §2) is one screen on three
   * routes, and each user is led to the one of their role.
   */
  isRoleBound?: boolean;
  roles: readonly UserRole[];
}

const EVERYONE: readonly UserRole[] = USER_ROLES;
const MANAGERS: readonly UserRole[] = ['admin', 'agent_manager'];
const SELLER: readonly UserRole[] = ['seller'];
/** Sellers with their staff, agents and warehouse people: who reads products and stock. */
const CATALOG_READERS: readonly UserRole[] = [
  'admin',
  'agent_manager',
  'ware_manager',
  'ware_staff',
  'seller',
  'seller_staff',
];
/**
 * Who reads the order list: sellers with their staff, agents, warehouse people, and customer
 * service, which answers buyers' and sellers' questions across the tenant's orders (spec 02 §1)
 * and reads them only: it holds none of the order actions.
 */
const ORDER_READERS: readonly UserRole[] = [...CATALOG_READERS, 'customer_service'];
/**
 * The agent-side order list (/agent/order/new): agents, administrators and customer service, whose
 * notifications link there (src/admin/header/question-links.ts).
 */
const AGENT_ORDER_DESK: readonly UserRole[] = [...MANAGERS, 'customer_service'];
/** Who works in warehouses or runs them. */
const WAREHOUSE_WORKERS: readonly UserRole[] = ['admin', 'agent_manager', 'ware_manager', 'ware_staff'];
/** Everyone but the seller side: the other side of an order's questions (spec 01 §6). */
const FEEDBACK_STAFF: readonly UserRole[] = USER_ROLES.filter((role) => !SELLER_SIDE_ROLES.includes(role));
/** Who runs a seller's shops and matches what they sold to SKUs: the seller side and managers. */
const SHOP_KEEPERS: readonly UserRole[] = ['admin', 'agent_manager', 'seller', 'seller_staff'];
/** Who sets warehouses up and corrects stock by hand. */
const STOCK_KEEPERS: readonly UserRole[] = ['admin', 'agent_manager', 'ware_manager'];

/** A button: it opens no screen. */
type ButtonEntry = CatalogEntry & { menuType: 2; component?: undefined };

function buttons(parentKey: string, roles: readonly UserRole[], codes: PermissionCode[]): ButtonEntry[] {
  return codes.map((perms, index) => ({
    key: `btn_${perms.replace(/:/g, '_')}`,
    parentKey,
    menuType: 2,
    perms,
    sortNo: index + 1,
    roles,
  }));
}

/** The component of a menu group: it has no screen of its own, its children do. */
export const GROUP_COMPONENT = 'layouts/RouteView';

const CATALOG = [
  {
    key: 'dashboard',
    menuType: 0,
    path: '/dashboard',
    component: GROUP_COMPONENT,
    redirect: '/dashboard/analysis',
    icon: 'home',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'dashboard_analysis',
    parentKey: 'dashboard',
    menuType: 1,
    path: '/dashboard/analysis',
    component: 'dashboard/Analysis',
    icon: 'dashboard',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'personal',
    menuType: 0,
    path: '/isps',
    component: GROUP_COMPONENT,
    redirect: '/isps/userAnnouncement',
    icon: 'user',
    sortNo: 90,
    roles: EVERYONE,
  },
  {
    key: 'personal_announcements',
    parentKey: 'personal',
    menuType: 1,
    path: '/isps/userAnnouncement',
    component: 'system/UserAnnouncement',
    icon: 'notification',
    sortNo: 1,
    roles: EVERYONE,
  },
  {
    key: 'personal_downloads',
    parentKey: 'personal',
    menuType: 1,
    path: '/shopee/DownloadTask',
    component: 'system/DownloadTask',
    icon: 'download',
    sortNo: 2,
    roles: EVERYONE,
  },
  {
    key: 'seller_staff',
    menuType: 0,
    path: '/seller',
    component: GROUP_COMPONENT,
    redirect: '/seller/staff',
    icon: 'team',
    sortNo: 80,
    isSellerScoped: true,
    roles: SELLER,
  },
  {
    key: 'seller_staff_users',
    parentKey: 'seller_staff',
    menuType: 1,
    path: '/seller/staff',
    component: 'seller/StaffList',
    icon: 'user',
    sortNo: 1,
    roles: SELLER,
  },
  ...buttons('seller_staff_users', SELLER, [
    PERMISSIONS.sellerStaffList,
    PERMISSIONS.sellerStaffAdd,
    PERMISSIONS.sellerStaffEdit,
  ]),
  {
    key: 'seller_staff_roles',
    parentKey: 'seller_staff',
    menuType: 1,
    path: '/seller/roles',
    component: 'seller/RoleList',
    icon: 'safety',
    sortNo: 2,
    roles: SELLER,
  },
  ...buttons('seller_staff_roles', SELLER, [
    PERMISSIONS.sellerRoleList,
    PERMISSIONS.sellerRoleAdd,
    PERMISSIONS.sellerRoleEdit,
    PERMISSIONS.sellerRolePermission,
  ]),
  {
    key: 'system',
    menuType: 0,
    path: '/system',
    component: GROUP_COMPONENT,
    redirect: '/system/user',
    icon: 'setting',
    sortNo: 100,
    roles: MANAGERS,
  },
  {
    key: 'system_users',
    parentKey: 'system',
    menuType: 1,
    path: '/system/user',
    component: 'system/UserList',
    icon: 'user',
    sortNo: 1,
    roles: MANAGERS,
  },
  ...buttons('system_users', MANAGERS, [
    PERMISSIONS.userList,
    PERMISSIONS.userAdd,
    PERMISSIONS.userEdit,
    PERMISSIONS.userFreeze,
    PERMISSIONS.userPassword,
  ]),
  {
    key: 'system_roles',
    parentKey: 'system',
    menuType: 1,
    path: '/system/role',
    component: 'system/RoleList',
    icon: 'safety',
    sortNo: 2,
    roles: MANAGERS,
  },
  ...buttons('system_roles', MANAGERS, [
    PERMISSIONS.roleList,
    PERMISSIONS.roleAdd,
    PERMISSIONS.roleEdit,
    PERMISSIONS.rolePermission,
  ]),
  {
    key: 'system_departs',
    parentKey: 'system',
    menuType: 1,
    path: '/system/depart',
    component: 'system/DepartList',
    icon: 'apartment',
    sortNo: 3,
    roles: MANAGERS,
  },
  ...buttons('system_departs', MANAGERS, [
    PERMISSIONS.departList,
    PERMISSIONS.departAdd,
    PERMISSIONS.departEdit,
    PERMISSIONS.departDelete,
  ]),
  {
    key: 'system_permissions',
    parentKey: 'system',
    menuType: 1,
    path: '/system/permission',
    component: 'system/PermissionList',
    icon: 'menu',
    sortNo: 4,
    roles: ['admin'],
  },
  ...buttons(
    'system_permissions',
    ['admin'],
    [PERMISSIONS.permissionList, PERMISSIONS.permissionAdd, PERMISSIONS.permissionEdit],
  ),
  {
    key: 'system_dicts',
    parentKey: 'system',
    menuType: 1,
    path: '/system/dict',
    component: 'system/DictList',
    icon: 'book',
    sortNo: 5,
    roles: MANAGERS,
  },
  ...buttons('system_dicts', MANAGERS, [PERMISSIONS.dictList, PERMISSIONS.dictAdd, PERMISSIONS.dictEdit]),
  {
    key: 'system_logs',
    parentKey: 'system',
    menuType: 1,
    path: '/system/log',
    component: 'system/LogList',
    icon: 'file-search',
    sortNo: 6,
    roles: MANAGERS,
  },
  ...buttons('system_logs', MANAGERS, [PERMISSIONS.logList]),
  {
    key: 'system_announcements',
    parentKey: 'system',
    menuType: 1,
    path: '/system/announcement',
    component: 'system/AnnouncementList',
    icon: 'notification',
    sortNo: 7,
    roles: MANAGERS,
  },
  ...buttons('system_announcements', MANAGERS, [
    PERMISSIONS.announcementList,
    PERMISSIONS.announcementAdd,
    PERMISSIONS.announcementEdit,
    PERMISSIONS.announcementRelease,
  ]),
  {
    key: 'system_videos',
    parentKey: 'system',
    menuType: 1,
    path: '/system/video',
    component: 'system/VideoList',
    icon: 'video-camera',
    sortNo: 8,
    roles: MANAGERS,
  },
  ...buttons('system_videos', MANAGERS, [PERMISSIONS.videoEdit]),
  {
    key: 'products',
    menuType: 0,
    path: '/product',
    component: GROUP_COMPONENT,
    redirect: '/product/list',
    icon: 'shopping',
    sortNo: 20,
    roles: CATALOG_READERS,
  },
  {
    key: 'products_list',
    parentKey: 'products',
    menuType: 1,
    path: '/product/list',
    component: 'catalog/ProductList',
    icon: 'appstore',
    sortNo: 1,
    roles: CATALOG_READERS,
  },
  ...buttons('products_list', CATALOG_READERS, [PERMISSIONS.productList]),
  ...buttons('products_list', SELLER_SIDE_ROLES, [PERMISSIONS.productEdit]),
  {
    key: 'stock',
    menuType: 0,
    path: '/stock',
    component: GROUP_COMPONENT,
    redirect: '/stock/list',
    icon: 'database',
    sortNo: 30,
    roles: CATALOG_READERS,
  },
  {
    key: 'stock_list',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/list',
    component: 'inventory/StockList',
    icon: 'unordered-list',
    sortNo: 1,
    roles: CATALOG_READERS,
  },
  ...buttons('stock_list', CATALOG_READERS, [PERMISSIONS.stockList]),
  ...buttons('stock_list', STOCK_KEEPERS, [PERMISSIONS.stockAdjust, PERMISSIONS.stockFreeze]),
  ...buttons('stock_list', WAREHOUSE_WORKERS, [PERMISSIONS.stockMove]),
  {
    key: 'stock_locations',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/location',
    component: 'inventory/LocationStock',
    icon: 'environment',
    sortNo: 2,
    roles: CATALOG_READERS,
  },
  ...buttons('stock_locations', CATALOG_READERS, [PERMISSIONS.stockLocationList]),
  {
    key: 'stock_records',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/records',
    component: 'inventory/StockRecords',
    icon: 'file-text',
    sortNo: 3,
    roles: CATALOG_READERS,
  },
  ...buttons('stock_records', CATALOG_READERS, [PERMISSIONS.stockRecords]),
  {
    key: 'stock_check',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/check',
    component: 'counts/CheckList',
    icon: 'audit',
    sortNo: 4,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('stock_check', WAREHOUSE_WORKERS, [PERMISSIONS.countList]),
  ...buttons('stock_check', STOCK_KEEPERS, [PERMISSIONS.countEdit, PERMISSIONS.countReview]),
  {
    key: 'stock_transfer',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/transfer',
    component: 'transfers/TransferList',
    icon: 'swap',
    sortNo: 5,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('stock_transfer', WAREHOUSE_WORKERS, [PERMISSIONS.transferList]),
  ...buttons('stock_transfer', STOCK_KEEPERS, [PERMISSIONS.transferEdit, PERMISSIONS.transferAudit]),
  {
    key: 'stock_destroy',
    parentKey: 'stock',
    menuType: 1,
    path: '/stock/destroy',
    component: 'inventory/DestroyList',
    icon: 'delete',
    sortNo: 6,
    roles: STOCK_KEEPERS,
  },
  ...buttons('stock_destroy', STOCK_KEEPERS, [PERMISSIONS.stockDestroy]),
  {
    key: 'inbound',
    menuType: 0,
    path: '/inbound',
    component: GROUP_COMPONENT,
    redirect: '/inbound/list',
    icon: 'import',
    sortNo: 35,
    roles: CATALOG_READERS,
  },
  {
    key: 'inbound_list',
    parentKey: 'inbound',
    menuType: 1,
    path: '/inbound/list',
    component: 'inbound/InboundList',
    icon: 'unordered-list',
    sortNo: 1,
    roles: CATALOG_READERS,
  },
  ...buttons('inbound_list', CATALOG_READERS, [PERMISSIONS.inboundList]),
  ...buttons('inbound_list', SELLER_SIDE_ROLES, [PERMISSIONS.inboundAdd, PERMISSIONS.inboundEdit]),
  ...buttons('inbound_list', WAREHOUSE_WORKERS, [
    PERMISSIONS.inboundReceive,
    PERMISSIONS.inboundShelve,
    PERMISSIONS.pdaSync,
  ]),
  {
    key: 'inbound_detail',
    parentKey: 'inbound',
    menuType: 1,
    path: '/inbound/detail',
    component: 'inbound/InboundDetail',
    sortNo: 2,
    hidden: true,
    roles: CATALOG_READERS,
  },
  {
    key: 'order',
    menuType: 0,
    path: '/order',
    component: GROUP_COMPONENT,
    icon: 'shopping-cart',
    sortNo: 15,
    roles: CATALOG_READERS,
  },
  // One order list on the three routes of spec 01 §2, each role on its own (the route an order
  // question links to: src/admin/header/question-links.ts).
  {
    key: 'order_seller',
    parentKey: 'order',
    menuType: 1,
    isRoleBound: true,
    path: '/order/manage/seller',
    component: 'orders/OrderList',
    icon: 'profile',
    sortNo: 1,
    roles: SELLER_SIDE_ROLES,
  },
  {
    key: 'order_ware',
    parentKey: 'order',
    menuType: 1,
    isRoleBound: true,
    path: '/order/manager/ware',
    component: 'orders/OrderList',
    icon: 'profile',
    sortNo: 2,
    roles: WAREHOUSE_ROLES,
  },
  {
    key: 'order_agent',
    parentKey: 'order',
    menuType: 1,
    isRoleBound: true,
    path: '/agent/order/new',
    component: 'orders/OrderList',
    icon: 'profile',
    sortNo: 3,
    roles: AGENT_ORDER_DESK,
  },
  ...buttons('order', ORDER_READERS, [PERMISSIONS.orderList]),
  ...buttons('order', ['admin', 'agent_manager', 'seller', 'seller_staff'], [PERMISSIONS.orderAdd]),
  ...buttons('order', CATALOG_READERS, [PERMISSIONS.orderEdit]),
  ...buttons(
    'order',
    ['admin', 'agent_manager', 'ware_manager', 'seller', 'seller_staff'],
    [PERMISSIONS.orderReview],
  ),
  ...buttons('order', STOCK_KEEPERS, [PERMISSIONS.orderRepair]),
  {
    key: 'warehouse',
    menuType: 0,
    path: '/warehouse',
    component: GROUP_COMPONENT,
    redirect: '/warehouse/list',
    icon: 'bank',
    sortNo: 40,
    roles: WAREHOUSE_WORKERS,
  },
  {
    key: 'warehouse_list',
    parentKey: 'warehouse',
    menuType: 1,
    path: '/warehouse/list',
    component: 'warehouse/WarehouseList',
    icon: 'home',
    sortNo: 1,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('warehouse_list', WAREHOUSE_WORKERS, [PERMISSIONS.warehouseList]),
  ...buttons('warehouse_list', STOCK_KEEPERS, [
    PERMISSIONS.warehouseAdd,
    PERMISSIONS.warehouseEdit,
    PERMISSIONS.warehouseStaff,
  ]),
  {
    key: 'warehouse_locations',
    parentKey: 'warehouse',
    menuType: 1,
    path: '/warehouse/location',
    component: 'warehouse/LocationList',
    icon: 'environment',
    sortNo: 2,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('warehouse_locations', WAREHOUSE_WORKERS, [PERMISSIONS.locationList]),
  ...buttons('warehouse_locations', STOCK_KEEPERS, [PERMISSIONS.locationEdit]),
  // Order questions and feedback (spec 01 §2): one page per side, under the order menu; the
  // header's notification popover and the order screens link to them with ?ordersn=.
  {
    key: 'order_feedback_seller',
    parentKey: 'order',
    menuType: 1,
    path: '/shopee/orderFeedbackSeller',
    component: 'questions/OrderFeedback',
    icon: 'message',
    sortNo: 50,
    roles: SELLER_SIDE_ROLES,
  },
  {
    key: 'order_feedback',
    parentKey: 'order',
    menuType: 1,
    path: '/shopee/orderFeedback',
    component: 'questions/OrderFeedback',
    icon: 'message',
    sortNo: 51,
    roles: FEEDBACK_STAFF,
  },
  ...buttons('order', EVERYONE, [PERMISSIONS.orderQuestion]),
  // Shops on the marketplaces (spec 02 §1, §3): the list with authorisation and sync, SKU
  // matching, and the return point of every platform's authorisation (spec 01 §2 /shopifyAuth),
  // a hidden page of the shell so that a visitor signs in first and comes back to it.
  {
    key: 'shop',
    menuType: 0,
    path: '/shop',
    component: GROUP_COMPONENT,
    redirect: '/shop/list',
    icon: 'shop',
    sortNo: 18,
    roles: SHOP_KEEPERS,
  },
  {
    key: 'shop_list',
    parentKey: 'shop',
    menuType: 1,
    path: '/shop/list',
    component: 'shops/ShopList',
    icon: 'shop',
    sortNo: 1,
    roles: SHOP_KEEPERS,
  },
  ...buttons('shop_list', SHOP_KEEPERS, [PERMISSIONS.shopList, PERMISSIONS.shopEdit]),
  {
    key: 'shop_match',
    parentKey: 'shop',
    menuType: 1,
    path: '/shop/match',
    component: 'shops/SkuMatch',
    icon: 'swap',
    sortNo: 2,
    roles: SHOP_KEEPERS,
  },
  ...buttons('shop_match', SHOP_KEEPERS, [PERMISSIONS.skuMatch]),
  {
    key: 'shop_authorised',
    parentKey: 'shop',
    menuType: 1,
    path: '/shopifyAuth',
    component: 'shops/ShopAuthorised',
    icon: 'safety',
    sortNo: 3,
    hidden: true,
    roles: SHOP_KEEPERS,
  },
  // Logistics (spec 02 §2: logistics channels; delivery): the channels parcels leave by, and the
  // outbound list where waybills are arranged and printed and orders picked, packed and delivered.
  {
    key: 'logistics',
    menuType: 0,
    path: '/logistics',
    component: GROUP_COMPONENT,
    redirect: '/logistics/outbound',
    icon: 'car',
    sortNo: 19,
    roles: WAREHOUSE_WORKERS,
  },
  {
    key: 'logistics_outbound',
    parentKey: 'logistics',
    menuType: 1,
    path: '/logistics/outbound',
    component: 'logistics/Outbound',
    icon: 'printer',
    sortNo: 1,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('logistics_outbound', WAREHOUSE_WORKERS, [
    PERMISSIONS.waybillList,
    PERMISSIONS.waybillArrange,
    PERMISSIONS.outboundEdit,
    PERMISSIONS.channelList,
  ]),
  {
    key: 'logistics_waves',
    parentKey: 'logistics',
    menuType: 1,
    path: '/logistics/waves',
    component: 'picking/WaveList',
    icon: 'cluster',
    sortNo: 3,
    roles: WAREHOUSE_WORKERS,
  },
  ...buttons('logistics_waves', WAREHOUSE_WORKERS, [PERMISSIONS.waveList, PERMISSIONS.waveEdit]),
  {
    key: 'logistics_channels',
    parentKey: 'logistics',
    menuType: 1,
    path: '/logistics/channels',
    component: 'logistics/ChannelList',
    icon: 'apartment',
    sortNo: 2,
    roles: STOCK_KEEPERS,
  },
  ...buttons('logistics_channels', STOCK_KEEPERS, [PERMISSIONS.channelEdit]),
  // Return orders (spec 02 §2 menu 'return orders', §3 'Return or refused-receipt record'): parcels
  // coming back, taken in on the PDA; sellers see their own, warehouse people match unmatched ones.
  {
    key: 'return_orders',
    menuType: 0,
    path: '/return',
    component: GROUP_COMPONENT,
    redirect: '/return/list',
    icon: 'rollback',
    sortNo: 21,
    roles: CATALOG_READERS,
  },
  {
    key: 'return_list',
    parentKey: 'return_orders',
    menuType: 1,
    path: '/return/list',
    component: 'returns/ReturnList',
    icon: 'rollback',
    sortNo: 1,
    roles: CATALOG_READERS,
  },
  ...buttons('return_list', CATALOG_READERS, [PERMISSIONS.returnList]),
  ...buttons('return_list', WAREHOUSE_WORKERS, [PERMISSIONS.returnMatch]),
  // Bags (集包) made on the PDA, their manifests and delivery status. Its calls use the
  // outbound list's permissions (waybill:list to read, outbound:edit to set a delivery status).
  {
    key: 'logistics_bags',
    parentKey: 'logistics',
    menuType: 1,
    path: '/logistics/bags',
    component: 'logistics/BagList',
    icon: 'inbox',
    sortNo: 3,
    roles: WAREHOUSE_WORKERS,
  },
] as const satisfies readonly CatalogEntry[];

export const MENU_CATALOG: readonly CatalogEntry[] = CATALOG;

/**
 * The id of every screen the menu opens, taken from the catalogue itself: the admin's screen
 * registry is keyed by it, so a menu item without a screen (or a misspelt id) fails the typecheck.
 */
export type ScreenId = Exclude<
  Extract<(typeof CATALOG)[number], { component: string }>['component'],
  typeof GROUP_COMPONENT
>;

const CATALOG_BY_KEY = new Map(MENU_CATALOG.map((entry) => [entry.key, entry]));

/** Whether a catalogue entry is for other roles only (isRoleBound), so a user of `role` never gets it. */
export function isBoundAwayFrom(key: string | null, role: UserRole): boolean {
  const entry = key ? CATALOG_BY_KEY.get(key) : undefined;
  return entry?.isRoleBound === true && !entry.roles.includes(role);
}

/** Whether a catalogue entry, or an entry above it, works on the caller's own seller only. */
export function isSellerScoped(key: string | null): boolean {
  for (let entry = key ? CATALOG_BY_KEY.get(key) : undefined; entry;) {
    if (entry.isSellerScoped) return true;
    entry = entry.parentKey ? CATALOG_BY_KEY.get(entry.parentKey) : undefined;
  }
  return false;
}
