/**
 * The paths the signed-in user's menu routes, from the permission call the shell already made
 * (read from the cache; this never asks the server itself). Empty before the menu is known.
 */
import { useMemo } from 'react';
import { usePermissions } from '@api/modules/session.js';
import { routedPaths } from './order-list-landing.js';

export function useRoutedPaths(): ReadonlySet<string> {
  const permissions = usePermissions(undefined, false);
  const menu = permissions.data?.menu;
  return useMemo(() => routedPaths(menu), [menu]);
}
