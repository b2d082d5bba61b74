/**
 * Push messages to devices. The development default writes to the outbox
 * (one message per device token); with FCM_SERVICE_ACCOUNT set, messages go
 * through Firebase Cloud Messaging's HTTP v1 API (fcm.ts). Either way the
 * in-app alert was stored before: push is only the nudge.
 */
import type { DevOutbox } from './dev-outbox.ts';

export interface PushMessage {
  /** The device's push token (save-notification-token). */
  token: string;
  title: string;
  body: string;
  /** FCM carries string values only. */
  data: Record<string, string>;
}

export type PushResult =
  | { ok: true }
  /** tokenGone: the device token is no longer valid; forget it. */
  | { ok: false; tokenGone: boolean; error: string };

export interface PushTransport {
  readonly kind: 'dev-outbox' | 'fcm';
  send(message: PushMessage): Promise<PushResult>;
}

export function devOutboxPush(outbox: DevOutbox): PushTransport {
  return {
    kind: 'dev-outbox',
    async send({ token, title, body, data }) {
      await outbox.record({ channel: 'push', to: token, subject: title, body, data });
      return { ok: true };
    },
  };
}
