/**
 * The signed-in user as stored at login (the role comes from the stored user
 * info). Kept in the query cache under the session key, so a department switch that stores
 * new user info re-renders the shell.
 */
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@api/query-keys.js';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';

export function useSessionUser(): UserInfo | null {
  const { data } = useQuery({
    queryKey: queryKeys.session.userInfo(),
    queryFn: () => sessionStore.userInfo(),
    initialData: () => sessionStore.userInfo(),
    staleTime: Infinity,
  });
  return data ?? null;
}
