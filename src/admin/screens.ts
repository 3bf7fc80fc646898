/**
 * The admin's screens, one entry per screen id of the menu catalogue: the page, loaded on
 * demand. Routes, tabs and the breadcrumb derive from the server's menu plus this registry; the
 * registry is keyed by ScreenId, so a menu screen missing here (or a misspelt id) fails the
 * typecheck, and a menu item whose component is not registered is not routed.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenId } from '@shared/menu.js';

export interface ScreenDefinition {
  page: LazyExoticComponent<ComponentType>;
}

/** lazy() for a module that exports its component by name. */
function lazyNamed<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

export const SCREENS: Record<ScreenId, ScreenDefinition> = {
  'dashboard/Analysis': { page: lazyNamed(() => import('./screens/dashboard/Analysis.js'), 'Analysis') },
  'system/UserAnnouncement': {
    page: lazyNamed(() => import('./screens/system/UserAnnouncement.js'), 'UserAnnouncement'),
  },
  'system/DownloadTask': {
    page: lazyNamed(() => import('./screens/system/DownloadTask.js'), 'DownloadTask'),
  },
  'questions/OrderFeedback': {
    page: lazyNamed(() => import('./screens/questions/OrderFeedback.js'), 'OrderFeedback'),
  },
  'system/UserList': { page: lazyNamed(() => import('./screens/system/UserList.js'), 'UserList') },
  'system/RoleList': { page: lazyNamed(() => import('./screens/system/RoleList.js'), 'RoleList') },
  'system/DepartList': { page: lazyNamed(() => import('./screens/system/DepartList.js'), 'DepartList') },
  'system/PermissionList': {
    page: lazyNamed(() => import('./screens/system/PermissionList.js'), 'PermissionList'),
  },
  'system/DictList': { page: lazyNamed(() => import('./screens/system/DictList.js'), 'DictList') },
  'system/LogList': { page: lazyNamed(() => import('./screens/system/LogList.js'), 'LogList') },
  'system/AnnouncementList': {
    page: lazyNamed(() => import('./screens/system/AnnouncementList.js'), 'AnnouncementList'),
  },
  'system/VideoList': { page: lazyNamed(() => import('./screens/system/VideoList.js'), 'VideoList') },
  'seller/StaffList': { page: lazyNamed(() => import('./screens/seller/StaffList.js'), 'StaffList') },
  'seller/RoleList': { page: lazyNamed(() => import('./screens/seller/RoleList.js'), 'SellerRoleList') },
  'transfers/TransferList': {
    page: lazyNamed(() => import('./screens/transfers/TransferList.js'), 'TransferList'),
  },
  'inventory/DestroyList': {
    page: lazyNamed(() => import('./screens/inventory/DestroyList.js'), 'DestroyList'),
  },
  'returns/ReturnList': { page: lazyNamed(() => import('./screens/returns/ReturnList.js'), 'ReturnList') },
  'counts/CheckList': { page: lazyNamed(() => import('./screens/counts/CheckList.js'), 'CheckList') },
  'inventory/StockList': { page: lazyNamed(() => import('./screens/inventory/StockList.js'), 'StockList') },
  'inventory/LocationStock': {
    page: lazyNamed(() => import('./screens/inventory/LocationStock.js'), 'LocationStock'),
  },
  'inventory/StockRecords': {
    page: lazyNamed(() => import('./screens/inventory/StockRecords.js'), 'StockRecords'),
  },
  'warehouse/WarehouseList': {
    page: lazyNamed(() => import('./screens/warehouse/WarehouseList.js'), 'WarehouseList'),
  },
  'warehouse/LocationList': {
    page: lazyNamed(() => import('./screens/warehouse/LocationList.js'), 'LocationList'),
  },
  'catalog/ProductList': { page: lazyNamed(() => import('./screens/catalog/ProductList.js'), 'ProductList') },
  'inbound/InboundList': { page: lazyNamed(() => import('./screens/inbound/InboundList.js'), 'InboundList') },
  'inbound/InboundDetail': {
    page: lazyNamed(() => import('./screens/inbound/InboundDetail.js'), 'InboundDetail'),
  },
  'orders/OrderList': { page: lazyNamed(() => import('./screens/orders/OrderList.js'), 'OrderList') },
  'logistics/Outbound': { page: lazyNamed(() => import('./screens/logistics/Outbound.js'), 'Outbound') },
  'picking/WaveList': { page: lazyNamed(() => import('./screens/picking/WaveList.js'), 'WaveList') },
  'logistics/BagList': { page: lazyNamed(() => import('./screens/logistics/BagList.js'), 'BagList') },
  'logistics/ChannelList': {
    page: lazyNamed(() => import('./screens/logistics/ChannelList.js'), 'ChannelList'),
  },
  'shops/ShopList': { page: lazyNamed(() => import('./screens/shops/ShopList.js'), 'ShopList') },
  'shops/SkuMatch': { page: lazyNamed(() => import('./screens/shops/SkuMatch.js'), 'SkuMatch') },
  'shops/ShopAuthorised': {
    page: lazyNamed(() => import('./screens/shops/ShopAuthorised.js'), 'ShopAuthorised'),
  },
};

function isScreenId(component: string): component is ScreenId {
  return Object.hasOwn(SCREENS, component);
}

export function screenOf(component: string | null | undefined): ScreenDefinition | undefined {
  return component && isScreenId(component) ? SCREENS[component] : undefined;
}
