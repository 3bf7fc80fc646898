import { Route, Routes, useLocation } from 'react-router-dom';
import { AuthLayout } from '@admin/auth/AuthLayout.js';
import { AUTH_ROUTES } from '@admin/auth/routes.js';

function Dashboard() {
  return <p>dashboard home at {useLocation().pathname}</p>;
}

/** The /user pages as App.tsx mounts them, plus the home page a login lands on. */
export function AuthRoutes() {
  return (
    <Routes>
      <Route path="/user" element={<AuthLayout />}>
        {AUTH_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<route.page />} />
        ))}
      </Route>
      <Route path="/dashboard/analysis" element={<Dashboard />} />
    </Routes>
  );
}
