/** The three transports the server sends through, built from MessagingConfig. */
import type { MessagingConfig } from './config.ts';
import { DevOutbox } from './dev-outbox.ts';
import { devOutboxEmail, smtpEmail, type EmailTransport } from './email.ts';
import { fcmPush } from './fcm.ts';
import { devOutboxPush, type PushTransport } from './push.ts';
import { devOutboxSms, twilioSms, type SmsTransport } from './sms.ts';
import type { MessagingRepository } from './messaging-repository.ts';

export interface Messaging {
  sms: SmsTransport;
  email: EmailTransport;
  push: PushTransport;
  /** Where the development transports write. */
  outbox: DevOutbox;
}

export function createMessaging(
  config: MessagingConfig,
  /** Where the development outbox stores its messages (app.messagingRepository). */
  messages: MessagingRepository,
  outboxDir: string,
  /** Prints the development outbox's messages in the console (DevOutbox). */
  print?: ((line: string) => void) | undefined,
): Messaging {
  const outbox = new DevOutbox(messages, outboxDir, print);
  return {
    outbox,
    sms: config.sms.kind === 'twilio' ? twilioSms(config.sms) : devOutboxSms(outbox),
    email: config.email.kind === 'smtp' ? smtpEmail({ url: config.email.url, from: config.email.from }) : devOutboxEmail(outbox),
    push:
      config.push.kind === 'fcm'
        ? fcmPush({ serviceAccount: config.push.serviceAccount, apiUrl: config.push.apiUrl })
        : devOutboxPush(outbox),
  };
}
