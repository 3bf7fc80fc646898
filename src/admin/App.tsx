import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { AUTH_ROUTES } from './auth/routes.js';
import { PageLoading } from './layout/PageLoading.js';
import { STANDALONE_ROUTES } from './standalone/routes.js';

// The login pages and the signed-in shell load on demand, so the login page does not carry
// the shell's code (tables, dialogs, the live channel).
const AuthLayout = lazy(() =>
  import('./auth/AuthLayout.js').then((module) => ({ default: module.AuthLayout })),
);
const ProtectedShell = lazy(() =>
  import('./layout/ProtectedShell.js').then((module) => ({ default: module.ProtectedShell })),
);

/**
 * The admin's route table: the /user pages under the login layout, a few
 * standalone pages, and everything else inside the signed-in shell, whose routes come from
 * the server's menu.
 */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/user" element={<AuthLayout />}>
            <Route index element={<Navigate to="/user/login" replace />} />
            {AUTH_ROUTES.map((route) => (
              <Route key={route.path} path={route.path} element={<route.page />} />
            ))}
          </Route>
          {STANDALONE_ROUTES.map((route) => (
            <Route key={route.path} path={route.path} element={<route.page />} />
          ))}
          <Route path="/*" element={<ProtectedShell />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
