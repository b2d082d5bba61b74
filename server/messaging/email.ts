/**
 * E-mail. The development default writes to the outbox; with SMTP_URL set,
 * messages go to that mail server (smtp-client.ts), from MAIL_FROM.
 */
import { sendMail, type SmtpOptions } from './smtp-client.ts';
import type { DevOutbox } from './dev-outbox.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface EmailTransport {
  readonly kind: 'dev-outbox' | 'smtp';
  /** Resolves once the server accepted the message; rejects when it did not. */
  send(message: EmailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'FoodPilot <no-reply@foodpilot.test>';

export function devOutboxEmail(outbox: DevOutbox): EmailTransport {
  return {
    kind: 'dev-outbox',
    async send({ to, subject, text }) {
      await outbox.record({ channel: 'email', to, subject, body: text });
    },
  };
}

export function smtpEmail(options: SmtpOptions & { from: string }): EmailTransport {
  return {
    kind: 'smtp',
    async send(message) {
      await sendMail(options, { from: options.from, ...message });
    },
  };
}
