/**
 * The device's database and sync engine for the screens: one of each per app, the engine
 * started after login, and its status (online, queued, last sync, needs attention) as React
 * state through `SyncEngine.subscribe`.
 */
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { sessionStore } from '@api/storage.js';
import { PdaDatabase } from '../data/db.js';
import { SyncEngine, type SyncStatus } from '../sync/engine.js';
import { httpTransport } from '../sync/transport.js';
import { storedLanguage } from '../i18n.js';

export interface PdaServices {
  db: PdaDatabase;
  engine: SyncEngine;
}

const ServicesContext = createContext<PdaServices | null>(null);

export function createPdaServices(db: PdaDatabase = new PdaDatabase()): PdaServices {
  const engine = new SyncEngine({
    db,
    transport: httpTransport({ token: () => sessionStore.token(), language: storedLanguage }),
    events: window,
  });
  return { db, engine };
}

export function PdaServicesProvider({ services, children }: { services: PdaServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function usePdaServices(): PdaServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('usePdaServices outside PdaServicesProvider');
  return services;
}

/**
 * The sync's status as the header shows it. Its changes render as a transition: a scan that
 * comes meanwhile (its feedback, its count) goes first, and the status follows a frame later.
 */
export function useSyncStatus(): SyncStatus {
  const { engine } = usePdaServices();
  const [status, setStatus] = useState(() => engine.getStatus());
  useEffect(() => {
    setStatus(engine.getStatus());
    return engine.subscribe((next) => startTransition(() => setStatus(next)));
  }, [engine]);
  return status;
}
