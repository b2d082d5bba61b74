/**
 * The page's entry: open the replica, start the sync worker and the service
 * worker bridge, and render at once from what the replica holds. Persistent
 * storage is not asked for here: DESIGN §2 asks for it once a user has an
 * account or is a driver, which later features handle.
 */
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { ReplicaDatabase } from './db/schema.ts';
import { App } from './app/App.tsx';
import { preloadRoutesAt } from './app/AppRoutes.tsx';
import { DESKTOP_MEDIA_QUERY } from './base/hooks/use-media-query.ts';
import { applySimulatedOfflineAtStart, drainOnReconnect, recordVisit } from './app/start-tasks.ts';
import { loadMobileHomeParts } from './features/home/first-screen-parts.ts';
import { readHomeSnapshot } from './features/home/home-snapshot.ts';
import { captureInstallPrompt } from './lib/install-prompt.ts';
import { firstScreenShown } from './lib/first-screen.ts';
import { createServiceWorkerBridge } from './lib/sw-bridge.ts';
import { getSyncWorker } from './lib/worker-bridge.ts';

captureInstallPrompt();

const db = new ReplicaDatabase();
// Open now rather than at the first live query, a render later: a repeat visit paints from it.
db.open().catch((error: unknown) => console.error('replica not opened', error));
const worker = getSyncWorker();
const serviceWorker = createServiceWorkerBridge();
// Only the mobile home paints from its snapshot; any other first screen waits for the replica.
const onMobileHome = window.location.pathname === '/' && !window.matchMedia(DESKTOP_MEDIA_QUERY).matches;
const homeSnapshot = onMobileHome ? readHomeSnapshot() : null;
if (onMobileHome) loadMobileHomeParts();
preloadRoutesAt(window.location.pathname);
const services = { db, worker, serviceWorker, reloadPage: () => window.location.reload(), homeSnapshot };

recordVisit(db).catch((error: unknown) => console.warn('visit not counted', error));
drainOnReconnect(worker);
const simulatedOfflineApplied = applySimulatedOfflineAtStart(services).catch((error: unknown) =>
  console.warn('simulated offline flag not applied', error),
);

// The page's own words (index.html) say what it waits for until the app's first screen is up.
void firstScreenShown.then(() => document.getElementById('preboot')?.remove());

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// The first render as a transition: React renders it in slices that yield to the browser between them,
// rather than in one long task a slow phone cannot answer a tap during (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(root).render(<App services={services} bootAfter={simulatedOfflineApplied} />);
});
