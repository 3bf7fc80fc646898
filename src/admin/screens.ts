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
};

export function screenOf(component: string | null | undefined): ScreenDefinition | undefined {
  return component ? SCREENS[component] : undefined;
}
