import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { HOME_PATH } from '@api/modules/session.js';
import { queryKeys } from '@api/query-keys.js';
import { sessionStore } from '@api/storage.js';
import type { LoginResult } from '@shared/contract/identity.js';

/**
 * Where the signed-in shell sent the visitor from (its redirect to the login page keeps the
 * page and its query in the navigation state): a path of this site only, never the login pages.
 */
export function returnPathOf(state: unknown): string | null {
  const from: unknown = typeof state === 'object' && state !== null ? Reflect.get(state, 'from') : null;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
    return null;
  if (from === '/' || from.startsWith('/user')) return null;
  return from;
}

/**
 * What follows a successful login: the token and user info are stored, the previous user's
 * cached data is dropped, and a user of several departments picks one before going on — back
 * to the page that asked for the login (a marketplace's return to /shopifyAuth with its query),
 * or to the home page.
 */
export function useLoginCompletion() {
  const navigate = useNavigate();
  const { state } = useLocation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<LoginResult | null>(null);

  const goOn = () => navigate(returnPathOf(state) ?? HOME_PATH, { replace: true });

  const complete = (result: LoginResult) => {
    sessionStore.save(result.token, result.userInfo);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.branding.all[0] });
    if (result.multiDepart === 2) {
      setPending(result);
      return;
    }
    goOn();
  };

  const finish = () => {
    setPending(null);
    goOn();
  };

  return { complete, pending, finish };
}
