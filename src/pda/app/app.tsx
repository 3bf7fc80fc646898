/**
 * The PDA app: login, then the warehouse, then the task screens under /pda/. The sync engine
 * runs while someone is logged in; the queue stays in IndexedDB across logins and reloads.
 * antd-mobile speaks the interface language (kit.tsx).
 */
import { useEffect, useState } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { sessionStore } from '@api/storage.js';
import type { UserInfo } from '@shared/contract/identity.js';
import type { WarehouseOption } from '@shared/contract/warehouse.js';
import { ReceiveScreen } from '../receive/receive-screen.js';
import { ShelveScreen } from '../shelve/shelve-screen.js';
import { AttentionScreen } from '../screens/attention.js';
import { HomeScreen } from '../screens/home.js';
import { LoginScreen } from '../screens/login.js';
import { WarehouseScreen } from '../screens/warehouse.js';
import { PdaLocale } from './kit.js';
import { chooseWarehouse, logout, mayUsePda, storedWarehouse } from './session.js';
import { PdaServicesProvider, type PdaServices } from './sync-context.js';

export function PdaApp({ services }: { services: PdaServices }) {
  const [user, setUser] = useState<UserInfo | null>(() => {
    const stored = sessionStore.userInfo();
    return sessionStore.token() && stored && mayUsePda(stored) ? stored : null;
  });
  const [warehouse, setWarehouse] = useState<WarehouseOption | null>(() => storedWarehouse());

  useEffect(() => {
    if (!user) return undefined;
    services.engine.start();
    void services.engine.resume();
    return () => void services.engine.stop();
  }, [services, user]);

  const content = !user ? (
    <LoginScreen onLoggedIn={setUser} />
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
            }}
          />
        }
      />
      <Route path="/receive" element={<ReceiveScreen warehouseId={warehouse.id} />} />
      <Route path="/shelve" element={<ShelveScreen warehouseId={warehouse.id} />} />
      <Route path="/attention" element={<AttentionScreen />} />
      <Route path="*" element={<Navigate to="/" replace />} />
    </Routes>
  );

  return (
    <PdaServicesProvider services={services}>
      <PdaLocale>
        <BrowserRouter basename="/pda">{content}</BrowserRouter>
      </PdaLocale>
    </PdaServicesProvider>
  );
}
