/** The service worker's PUSH_RECEIVED messages to this page (sw/push.ts). */
import { isPushReceivedMessage, type PushReceivedMessage } from '../../api/sw-messages.ts';

type MessageSource = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'>;

/** Listens until the returned function is called; nothing happens where there are no service workers. */
export function subscribePushMessages(
  listener: (message: PushReceivedMessage) => void,
  source: MessageSource | undefined = typeof navigator !== 'undefined' ? navigator.serviceWorker : undefined,
): () => void {
  if (!source) return () => {};
  const onMessage = (event: Event) => {
    const data: unknown = (event as MessageEvent).data;
    if (isPushReceivedMessage(data)) listener(data);
  };
  source.addEventListener('message', onMessage);
  return () => source.removeEventListener('message', onMessage);
}
