/**
 * The pages of the login layout, declared once; App.tsx mounts them
 * under /user with AuthLayout around them. Pages load on demand.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export interface AuthRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
}

export const AUTH_ROUTES: AuthRoute[] = [
  { path: 'login', page: lazy(() => import('./login/LoginPage.js').then((m) => ({ default: m.LoginPage }))) },
  {
    path: 'register',
    page: lazy(() => import('./register/RegisterPage.js').then((m) => ({ default: m.RegisterPage }))),
  },
  {
    path: 'register-result',
    page: lazy(() =>
      import('./register/RegisterResultPage.js').then((m) => ({ default: m.RegisterResultPage })),
    ),
  },
  {
    path: 'alteration',
    page: lazy(() => import('./alteration/AlterationPage.js').then((m) => ({ default: m.AlterationPage }))),
  },
];
