/**
 * Registering the service worker through workbox-window, and the update offer
 * (never a surprise reload). Loaded after the page's load event by
 * sw-bridge.ts: none of it is needed to show the first screen, and the first
 * route's 125 kB budget has no room for it.
 */
import { Workbox } from 'workbox-window';

export interface Registration {
  /** The user chose 'Update now': activate the waiting version, reload once it controls the page. */
  applyUpdate(): void;
}

export async function registerServiceWorker(onWaiting: () => void): Promise<Registration> {
  const workbox = new Workbox('/sw.js');
  workbox.addEventListener('waiting', onWaiting);
  await workbox.register();
  return {
    applyUpdate() {
      // Only the user's 'Update now' reloads, once the new version controls
      // the page. Workbox's own 'controlling' event cannot tell: its isUpdate
      // is false in a tab opened on the first visit, which would then never reload.
      navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
      // Posts { type: 'SKIP_WAITING' } to the waiting worker: our ToServiceWorkerMessage.
      workbox.messageSkipWaiting();
    },
  };
}
