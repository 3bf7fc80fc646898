/**
 * The PDA app: login, then the warehouse, then the task screens under /pda/. The sync engine
 * runs while someone is logged in; the queue stays in IndexedDB across logins and reloads.
 * antd-mobile speaks the interface language (kit.tsx).
 */
import { lazy, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { sessionStore } from '@api/storage.js';
import type { FailedSignIns, UserInfo } from '@shared/contract/identity.js';
import type { WarehouseOption } from '@shared/contract/warehouse.js';
import { holdKeys } from '../scan/held-keys.js';
import { HomeScreen } from '../screens/home.js';
import { LoginScreen } from '../screens/login.js';
import { WarehouseScreen } from '../screens/warehouse.js';
import { PdaLocale } from '../kit/kit.js';
import { chooseWarehouse, logout, mayUsePda, storedWarehouse } from './session.js';
import { FailedSignInsNotice } from './sign-in-notice.js';
import { PdaServicesProvider, type PdaServices } from './sync-context.js';

/*
 * The task screens load after sign-in, so the first screen a handheld shows carries only what
 * signing in needs. The service worker precaches every chunk on the first visit, so they open
 * offline like the rest.
 */
const ReceiveScreen = lazy(() =>
  import('../receive/receive-screen.js').then((module) => ({ default: module.ReceiveScreen })),
);
const ShelveScreen = lazy(() =>
  import('../shelve/shelve-screen.js').then((module) => ({ default: module.ShelveScreen })),
);
const CountScreen = lazy(() =>
  import('../count/count-screen.js').then((module) => ({ default: module.CountScreen })),
);
const TransferScreen = lazy(() =>
  import('../transfer/transfer-screen.js').then((module) => ({ default: module.TransferScreen })),
);
const ReturnsScreen = lazy(() =>
  import('../returns/returns-screen.js').then((module) => ({ default: module.ReturnsScreen })),
);
const PickScreen = lazy(() =>
  import('../pick/pick-screen.js').then((module) => ({ default: module.PickScreen })),
);
const PackScreen = lazy(() =>
  import('../pack/pack-screen.js').then((module) => ({ default: module.PackScreen })),
);
const BagScreen = lazy(() =>
  import('../pack/bag-screen.js').then((module) => ({ default: module.BagScreen })),
);
const HandoverScreen = lazy(() =>
  import('../pack/handover-screen.js').then((module) => ({ default: module.HandoverScreen })),
);
const AttentionScreen = lazy(() =>
  import('../screens/attention.js').then((module) => ({ default: module.AttentionScreen })),
);
const SettingsScreen = lazy(() =>
  import('../settings/settings-screen.js').then((module) => ({ default: module.SettingsScreen })),
);

/**
 * What shows while a task screen's code loads: a spinner turned by a CSS transform animation,
 * the compositor's work (antd-mobile's SpinLoading turns through react-spring, frame by frame on
 * the main thread, and weighs 0.7 KB more in the first load). On a screen that takes scans it
 * holds the keys pressed meanwhile for the screen's scanner listener (held-keys.ts): a scan made
 * straight after opening the screen reaches it whole.
 */
function LoadingPlaceholder({ holdsScans }: { holdsScans: boolean }) {
  useLayoutEffect(() => (holdsScans ? holdKeys(document) : undefined), [holdsScans]);
  return (
    <div className="pda-loading" role="status">
      <span className="pda-spinner" aria-hidden="true" />
    </div>
  );
}

/** A task screen while its code loads (from the precache when offline: a moment). */
function Loading({ children, holdsScans = true }: { children: ReactNode; holdsScans?: boolean }) {
  return <Suspense fallback={<LoadingPlaceholder holdsScans={holdsScans} />}>{children}</Suspense>;
}

export function PdaApp({ services }: { services: PdaServices }) {
  const [user, setUser] = useState<UserInfo | null>(() => {
    const stored = sessionStore.userInfo();
    return sessionStore.token() && stored && mayUsePda(stored) ? stored : null;
  });
  const [warehouse, setWarehouse] = useState<WarehouseOption | null>(() => storedWarehouse());
  const [failedSignIns, setFailedSignIns] = useState<FailedSignIns | null>(null);

  useEffect(() => {
    if (!user) return undefined;
    services.engine.start();
    void services.engine.resume();
    return () => void services.engine.stop();
  }, [services, user]);

  const content = !user ? (
    <LoginScreen
      onLoggedIn={(signedIn) => {
        setFailedSignIns(signedIn.failedSignIns);
        setUser(signedIn.user);
      }}
    />
  ) : !warehouse ? (
    <WarehouseScreen
      onChosen={(chosen) => {
        chooseWarehouse(chosen);
        setWarehouse(chosen);
      }}
    />
  ) : (
    <Routes>
      <Route
        path="/"
        element={
          <HomeScreen
            warehouse={warehouse}
            userName={user.realname || user.username}
            onChangeWarehouse={() => setWarehouse(null)}
            onLogout={() => {
              void logout();
              setWarehouse(null);
              setUser(null);
              setFailedSignIns(null);
            }}
          />
        }
      />
      <Route
        path="/receive"
        element={
          <Loading>
            <ReceiveScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/shelve"
        element={
          <Loading>
            <ShelveScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/count"
        element={
          <Loading>
            <CountScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/transfer"
        element={
          <Loading>
            <TransferScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/pack"
        element={
          <Loading>
            <PackScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/returns"
        element={
          <Loading>
            <ReturnsScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/bag"
        element={
          <Loading>
            <BagScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/pick"
        element={
          <Loading>
            <PickScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/handover"
        element={
          <Loading>
            <HandoverScreen warehouseId={warehouse.id} />
          </Loading>
        }
      />
      <Route
        path="/attention"
        element={
          <Loading holdsScans={false}>
            <AttentionScreen />
          </Loading>
        }
      />
      <Route
        path="/settings"
        element={
          <Loading>
            <SettingsScreen />
          </Loading>
        }
      />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );

  // Every state of the app (signing in, choosing the warehouse, each task) is the page's main
  // landmark; the failed sign-in attempts show above the screen that follows the sign-in.
  return (
    <PdaServicesProvider services={services}>
      <PdaLocale>
        <BrowserRouter basename="/pda">
          <main className="pda-main">
            {user && failedSignIns && (
              <FailedSignInsNotice failedSignIns={failedSignIns} onClose={() => setFailedSignIns(null)} />
            )}
            {content}
          </main>
        </BrowserRouter>
      </PdaLocale>
    </PdaServicesProvider>
  );
}
