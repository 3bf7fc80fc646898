/**
 * Screens are declared once (STYLE 'Screens are declared once'): the id the server's menu
 * names in `component`, the page loaded on demand, and the title key. Routes, tabs and the
 * breadcrumb derive from the menu plus this registry; a menu item whose component is not
 * registered here is not routed.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface ScreenDefinition {
  page: LazyExoticComponent<ComponentType>;
  /** i18n key of the page title when the menu has none (hidden routes). */
  titleKey: string;
}

export const SCREENS: Record<string, ScreenDefinition> = {
  'dashboard/Analysis': {
    page: lazy(() => import('./screens/dashboard/Analysis.js')),
    titleKey: 'menu:dashboard_analysis',
  },
  'system/UserAnnouncement': {
    page: lazy(() => import('./screens/system/UserAnnouncement.js')),
    titleKey: 'menu:personal_announcements',
  },
  'system/DownloadTask': {
    page: lazy(() => import('./screens/system/DownloadTask.js')),
    titleKey: 'menu:personal_downloads',
  },
  'system/UserList': {
    page: lazy(() => import('./screens/system/UserList.js')),
    titleKey: 'menu:system_users',
  },
  'system/RoleList': {
    page: lazy(() => import('./screens/system/RoleList.js')),
    titleKey: 'menu:system_roles',
  },
  'system/DepartList': {
    page: lazy(() => import('./screens/system/DepartList.js')),
    titleKey: 'menu:system_departs',
  },
  'system/PermissionList': {
    page: lazy(() => import('./screens/system/PermissionList.js')),
    titleKey: 'menu:system_permissions',
  },
  'system/DictList': {
    page: lazy(() => import('./screens/system/DictList.js')),
    titleKey: 'menu:system_dicts',
  },
  'system/LogList': {
    page: lazy(() => import('./screens/system/LogList.js')),
    titleKey: 'menu:system_logs',
  },
  'system/AnnouncementList': {
    page: lazy(() => import('./screens/system/AnnouncementList.js')),
    titleKey: 'menu:system_announcements',
  },
  'system/VideoList': {
    page: lazy(() => import('./screens/system/VideoList.js')),
    titleKey: 'menu:system_videos',
  },
  'seller/StaffList': {
    page: lazy(() => import('./screens/seller/StaffList.js')),
    titleKey: 'menu:seller_staff_users',
  },
  'seller/RoleList': {
    page: lazy(() => import('./screens/seller/RoleList.js')),
    titleKey: 'menu:seller_staff_roles',
  },
  'inventory/StockList': {
    page: lazy(() => import('./screens/inventory/StockList.js')),
    titleKey: 'menu:stock_list',
  },
  'inventory/LocationStock': {
    page: lazy(() => import('./screens/inventory/LocationStock.js')),
    titleKey: 'menu:stock_locations',
  },
  'inventory/StockRecords': {
    page: lazy(() => import('./screens/inventory/StockRecords.js')),
    titleKey: 'menu:stock_records',
  },
  'warehouse/WarehouseList': {
    page: lazy(() => import('./screens/warehouse/WarehouseList.js')),
    titleKey: 'menu:warehouse_list',
  },
  'warehouse/LocationList': {
    page: lazy(() => import('./screens/warehouse/LocationList.js')),
    titleKey: 'menu:warehouse_locations',
  },
  'catalog/ProductList': {
    page: lazy(() => import('./screens/catalog/ProductList.js')),
    titleKey: 'menu:products_list',
  },
  'inbound/InboundList': {
    page: lazy(() => import('./screens/inbound/InboundList.js')),
    titleKey: 'menu:inbound_list',
  },
  'inbound/InboundDetail': {
    page: lazy(() => import('./screens/inbound/InboundDetail.js')),
    titleKey: 'menu:inbound_detail',
  },
};

export function screenOf(component: string | null | undefined): ScreenDefinition | undefined {
  return component ? SCREENS[component] : undefined;
}
