/**
 * Outcomes reach every context that may hold the outbox: the broadcast channel
 * (the sync worker, a dedicated worker, is no client the service worker can
 * post to) and every window client by postMessage.
 */
import { SW_BROADCAST_CHANNEL, type FromServiceWorkerMessage } from '../src/api/sw-messages.ts';

declare const self: ServiceWorkerGlobalScope;

export const serviceWorkerChannel = new BroadcastChannel(SW_BROADCAST_CHANNEL);

export async function broadcast(message: FromServiceWorkerMessage): Promise<void> {
  serviceWorkerChannel.postMessage(message);
  const clients = await self.clients.matchAll({ includeUncontrolled: true, type: 'all' });
  for (const client of clients) client.postMessage(message);
}

/** The log lines e2e tests wait for (they arrive through Playwright's `console` event). */
export function log(line: string): void {
  console.info(line);
}
