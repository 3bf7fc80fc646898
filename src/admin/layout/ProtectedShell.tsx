/**
 * The signed-in part of the admin (spec 01 §2 'Dynamic routes'). Without a token the visitor
 * goes to /user/login, keeping the agent a link chose. Otherwise the permission call's menu
 * becomes the routes: each item's `component` names a registered screen, pages load on demand,
 * '/' and unknown paths go to the home page (the server-menu behaviour), a screen of the product
 * the menu does not give the user included: its page never loads.
 */
import { Button, Result } from 'antd';
import { Suspense, useMemo, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useLogout, usePermissions, withChosenAgent } from '@api/modules/session.js';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import { resolveLanguage } from '@shared/i18n/languages.js';
import { ShellDialogsProvider } from '../dialogs/ShellDialogs.js';
import { SHELL_NAMESPACES } from '../i18n.js';
import { useDateLocale } from '../locale-pack.js';
import { screenOf } from '../screens.js';
import { buildShellRoutes, pageAt } from './menu-routes.js';
import { PageLoading } from './PageLoading.js';
import { ShellLayout } from './ShellLayout.js';
import { HOME_PATH } from './tabs.js';
import { useSessionUser } from './use-session-user.js';

export const LOGIN_PATH = '/user/login';

function LazyPage({ page: Page }: { page: LazyExoticComponent<ComponentType> }) {
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

function MenuFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  return (
    <Result
      status="warning"
      title={t('layout.menu_failed')}
      subTitle={error.message}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('page.retry')}
        </Button>,
        <Button key="logout" onClick={() => logout.mutate()}>
          {t('user.logout')}
        </Button>,
      ]}
    />
  );
}

function NoPage() {
  const { t } = useTranslation('shell');
  return <Result status="404" title="404" subTitle={t('not_found.text')} />;
}

function SignedInShell({ user }: { user: UserInfo }) {
  // Suspends, behind the shell's own loading, until the shell's common namespaces and dayjs in
  // the user's language are loaded.
  const { i18n } = useTranslation([...SHELL_NAMESPACES]);
  useDateLocale(resolveLanguage(i18n.language));
  const permissions = usePermissions();
  const menu = permissions.data?.menu;
  const routes = useMemo(() => buildShellRoutes(menu ?? [], screenOf), [menu]);
  const hasHome = pageAt(routes.pages, HOME_PATH) !== undefined;

  if (permissions.isPending) return <PageLoading />;
  if (permissions.isError)
    return <MenuFailed error={permissions.error} onRetry={() => void permissions.refetch()} />;

  const fallback = hasHome ? <Navigate to={HOME_PATH} replace /> : <NoPage />;
  return (
    <ShellDialogsProvider user={user}>
      <Routes>
        <Route element={<ShellLayout user={user} menu={permissions.data.menu} pages={routes.pages} />}>
          <Route index element={fallback} />
          {routes.pages.map((page) => (
            <Route key={page.path} path={page.path} element={<LazyPage page={page.screen.page} />} />
          ))}
          {routes.redirects.map((redirect) => (
            <Route key={redirect.path} path={redirect.path} element={<Navigate to={redirect.to} replace />} />
          ))}
          <Route path="*" element={fallback} />
        </Route>
      </Routes>
    </ShellDialogsProvider>
  );
}

export function ProtectedShell() {
  const location = useLocation();
  const user = useSessionUser();
  if (!sessionStore.token() || !user) {
    return (
      <Navigate
        to={withChosenAgent(LOGIN_PATH, location.search)}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return <SignedInShell user={user} />;
}
