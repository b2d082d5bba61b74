/**
 * Messages the service worker obeys (typed in src/api/sw-messages.ts). Pages
 * post them; the sync worker can only reach it over the broadcast channel, and
 * there it may only ask for a replay.
 */
import { isToServiceWorkerMessage, type FromServiceWorkerMessage, type ToServiceWorkerMessage } from '../src/api/sw-messages.ts';
import { serviceWorkerChannel } from './broadcast.ts';
import type { OutboxQueues } from './outbox-queues.ts';
import { writeSimulatedOffline } from './simulated-offline.ts';

declare const self: ServiceWorkerGlobalScope;

type Reply = (message: FromServiceWorkerMessage) => void;

async function obey(message: ToServiceWorkerMessage, queues: OutboxQueues, reply: Reply): Promise<void> {
  switch (message.type) {
    case 'SKIP_WAITING':
      // Only on the user's word (the UI's update offer): never on install.
      await self.skipWaiting();
      return;
    case 'REPLAY_QUEUE':
      await queues.replay(message.kind);
      return;
    case 'SET_SIMULATED_OFFLINE':
      await writeSimulatedOffline(message.offline);
      console.info(`[sw] simulated offline ${message.offline ? 'on' : 'off'}`);
      return;
    case 'GET_QUEUE_SIZES':
      reply({ type: 'QUEUE_SIZES', sizes: await queues.sizes() });
      return;
  }
}

/** The port of a MessageChannel when the sender gave one, else the sender itself. */
function replyTo(event: ExtendableMessageEvent): Reply {
  const port = event.ports[0];
  if (port) return (message) => port.postMessage(message);
  const source = event.source;
  return (message) => source?.postMessage(message);
}

export function listenForMessages(queues: OutboxQueues): void {
  self.addEventListener('message', (event) => {
    if (!isToServiceWorkerMessage(event.data)) return;
    event.waitUntil(obey(event.data, queues, replyTo(event)));
  });
  serviceWorkerChannel.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (isToServiceWorkerMessage(event.data) && event.data.type === 'REPLAY_QUEUE') {
      queues.replay(event.data.kind).catch((error: unknown) => console.warn('[sw] replay failed', error));
    }
  });
}
