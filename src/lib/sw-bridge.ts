/**
 * The page's side of the service worker (DESIGN §4): registration (through
 * workbox-window in production builds, sw-registration.ts, loaded once the
 * page has loaded and shown its first screen), an update offer the user
 * accepts (never a surprise reload), and typed messages to the service
 * worker. Outcomes of queued actions are not forwarded here: the service
 * worker broadcasts them to the sync worker itself.
 */
import type { OutboxKind } from '../api/outbox.ts';
import type { ToServiceWorkerMessage } from '../api/sw-messages.ts';
import { firstScreenShown } from './first-screen.ts';

export interface ServiceWorkerBridge {
  postToServiceWorker(message: ToServiceWorkerMessage): Promise<void>;
  /** Ask the background-sync queues to replay now (all kinds, or one). */
  requestQueueReplay(kind?: OutboxKind): Promise<void>;
  /** True once a new version is installed and waiting. */
  isUpdateWaiting(): boolean;
  subscribeUpdateWaiting(listener: () => void): () => void;
  /** The user chose 'Update now': activate the waiting version, reload when it controls the page. */
  applyUpdate(): void;
}

async function postToActiveWorkers(message: ToServiceWorkerMessage): Promise<void> {
  const container = navigator.serviceWorker;
  const registration = await container.getRegistration();
  // The controller intercepts this page's fetches; on a first visit the page
  // may not be controlled yet, so the registration's active worker hears it too.
  const targets = new Set([container.controller, registration?.active].filter((sw): sw is ServiceWorker => !!sw));
  for (const target of targets) target.postMessage(message);
}

function afterPageLoad(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/** However long a first screen takes (a boot that never ends), the app still becomes installable and works offline after this. */
export const REGISTRATION_AT_LATEST_MS = 15_000;

/**
 * The first time the main thread is idle after the next frame has painted
 * (or two seconds on): what the first screen shows as it appears (a store's
 * header image, the list's pictures) is painted first.
 */
function afterNextPaintWhenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 2_000 }) : setTimeout(resolve, 100));
    requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  });
}

/**
 * Registration waits for the page's load event and for the first screen,
 * painted. The load event alone comes as soon as the first route's script
 * has run, while a first visit still fetches its settings, texts and the
 * screen's code: the precache (over a megabyte) then shared a slow network
 * with them.
 */
function whenFirstScreenIsUp(): Promise<void> {
  const atLatest = new Promise<void>((resolve) => setTimeout(resolve, REGISTRATION_AT_LATEST_MS));
  const firstScreenPainted = firstScreenShown.then(afterNextPaintWhenIdle);
  return Promise.all([afterPageLoad(), Promise.race([firstScreenPainted, atLatest])]).then(() => undefined);
}

function createRegisteredBridge(): ServiceWorkerBridge {
  const listeners = new Set<() => void>();
  let updateWaiting = false;
  const registration = whenFirstScreenIsUp()
    .then(() => import('./sw-registration.ts'))
    .then(({ registerServiceWorker }) =>
      registerServiceWorker(() => {
        updateWaiting = true;
        listeners.forEach((listener) => listener());
      }),
    );
  registration.catch((error: unknown) => console.error('service worker registration failed', error));

  const post = (message: ToServiceWorkerMessage) =>
    postToActiveWorkers(message).catch((error: unknown) => console.warn('service worker message', error));

  return {
    postToServiceWorker: post,
    requestQueueReplay: (kind) => post(kind ? { type: 'REPLAY_QUEUE', kind } : { type: 'REPLAY_QUEUE' }),
    isUpdateWaiting: () => updateWaiting,
    subscribeUpdateWaiting(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    // An update can only be waiting once registration finished, so this never waits in practice.
    applyUpdate: () => void registration.then((registered) => registered.applyUpdate()),
  };
}

/** Without a service worker (development, tests, old browsers) there is nothing to talk to. */
export function createAbsentServiceWorkerBridge(): ServiceWorkerBridge {
  return {
    postToServiceWorker: async () => {},
    requestQueueReplay: async () => {},
    isUpdateWaiting: () => false,
    subscribeUpdateWaiting: () => () => {},
    applyUpdate: () => {},
  };
}

export function createServiceWorkerBridge(): ServiceWorkerBridge {
  if (import.meta.env.PROD && 'serviceWorker' in navigator) return createRegisteredBridge();
  return createAbsentServiceWorkerBridge();
}
