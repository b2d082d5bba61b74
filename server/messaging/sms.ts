/**
 * Text messages. The development default writes to the outbox; with
 * TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set, messages go
 * through Twilio's REST API (TWILIO_API_URL points it elsewhere, e.g. a
 * test server).
 */
import type { DevOutbox } from './dev-outbox.ts';

export interface SmsMessage {
  /** A phone number in the form normalisePhone() gives. */
  to: string;
  body: string;
}

export interface SmsTransport {
  readonly kind: 'dev-outbox' | 'twilio';
  /** Resolves once the provider accepted the message; rejects when it did not. */
  send(message: SmsMessage): Promise<void>;
}

export function devOutboxSms(outbox: DevOutbox): SmsTransport {
  return {
    kind: 'dev-outbox',
    async send({ to, body }) {
      await outbox.record({ channel: 'sms', to, body });
    },
  };
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number or messaging service id. */
  from: string;
  /** Default https://api.twilio.com */
  apiUrl: string;
}

export function twilioSms(config: TwilioConfig, fetchImpl: typeof fetch = fetch): SmsTransport {
  const url = `${config.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    kind: 'twilio',
    async send({ to, body }) {
      // A messaging service id (MG…) sends from its pool of numbers.
      const sender: Record<string, string> = config.from.startsWith('MG') ? { MessagingServiceSid: config.from } : { From: config.from };
      const response = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ To: to, Body: body, ...sender }).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) {
        const detail = await response.text().catch(() => '');
        throw new Error(`Twilio answered ${response.status}: ${detail.slice(0, 300)}`);
      }
    },
  };
}
