/**
 * What the UI talks to, handed down by context so a component test can pass
 * its own replica database, a double of the sync worker and of the service
 * worker bridge.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { SyncWorkerApi } from '../api/worker-api.ts';
import type { ReplicaDatabase } from '../db/schema.ts';
import type { BootHomeSnapshot } from '../features/home/home-snapshot.ts';
import type { ServiceWorkerBridge } from '../lib/sw-bridge.ts';

export interface AppServices {
  db: ReplicaDatabase;
  worker: SyncWorkerApi;
  serviceWorker: ServiceWorkerBridge;
  /** Reloads the page (the forced update, a language change); tests pass a spy. */
  reloadPage: () => void;
  /** The home's first screen from localStorage, read at boot when the page opens on the mobile home. */
  homeSnapshot?: BootHomeSnapshot | null;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices() outside <ServicesProvider>');
  return services;
}

export function useReplica(): ReplicaDatabase {
  return useServices().db;
}

export function useSyncWorker(): SyncWorkerApi {
  return useServices().worker;
}
