import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '@api/modules/session.js';
import { queryKeys } from '@api/query-keys.js';
import { sessionStore } from '@api/storage.js';
import type { LoginResult } from '@shared/contract/identity.js';

/**
 * What follows a successful login: the token and user info are stored, the previous user's
 * cached data is dropped, and a user of several departments picks one before
 * going to the home page.
 */
export function useLoginCompletion() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<LoginResult | null>(null);

  const goHome = () => navigate(HOME_PATH, { replace: true });

  const complete = (result: LoginResult) => {
    sessionStore.save(result.token, result.userInfo);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.branding.all[0] });
    if (result.multiDepart === 2) {
      setPending(result);
      return;
    }
    goHome();
  };

  const finish = () => {
    setPending(null);
    goHome();
  };

  return { complete, pending, finish };
}
