/**
 * Which transport each channel uses, from the environment. Nothing set
 * means the development outbox for all three; a real transport is chosen
 * per channel by its variables. A half-configured transport (e.g. a Twilio
 * id without its token) stops the server at start with a clear message,
 * rather than silently writing codes to a file.
 */
import { loadServiceAccount, type ServiceAccount } from './fcm.ts';
import { DEFAULT_MAIL_FROM } from './email.ts';
import { parseSmtpUrl } from './smtp-client.ts';
import type { TwilioConfig } from './sms.ts';

export interface MessagingConfig {
  sms: { kind: 'dev-outbox' } | ({ kind: 'twilio' } & TwilioConfig);
  email: { kind: 'dev-outbox' } | { kind: 'smtp'; url: string; from: string };
  push: { kind: 'dev-outbox' } | { kind: 'fcm'; serviceAccount: ServiceAccount; apiUrl?: string | undefined };
}

export const DEV_MESSAGING: MessagingConfig = {
  sms: { kind: 'dev-outbox' },
  email: { kind: 'dev-outbox' },
  push: { kind: 'dev-outbox' },
};

/** True when every channel writes to the development outbox (the dev outbox route is then served outside production). */
export function usesOnlyDevOutbox(config: MessagingConfig): boolean {
  return config.sms.kind === 'dev-outbox' && config.email.kind === 'dev-outbox' && config.push.kind === 'dev-outbox';
}

export function messagingConfigFromEnv(env: NodeJS.ProcessEnv): MessagingConfig {
  const read = (name: string) => env[name]?.trim() || undefined;
  return {
    sms: smsConfig(read),
    email: emailConfig(read),
    push: pushConfig(read),
  };
}

type Read = (name: string) => string | undefined;

function smsConfig(read: Read): MessagingConfig['sms'] {
  const names = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const [accountSid, authToken, from] = names.map(read);
  if (!accountSid && !authToken && !from) return { kind: 'dev-outbox' };
  if (!accountSid || !authToken || !from) {
    throw new Error(`SMS through Twilio needs all of ${names.join(', ')}; missing ${names.filter((name) => !read(name)).join(', ')}`);
  }
  return { kind: 'twilio', accountSid, authToken, from, apiUrl: read('TWILIO_API_URL') ?? 'https://api.twilio.com' };
}

function emailConfig(read: Read): MessagingConfig['email'] {
  const url = read('SMTP_URL');
  if (!url) return { kind: 'dev-outbox' };
  parseSmtpUrl(url);
  return { kind: 'smtp', url, from: read('MAIL_FROM') ?? DEFAULT_MAIL_FROM };
}

function pushConfig(read: Read): MessagingConfig['push'] {
  const serviceAccount = read('FCM_SERVICE_ACCOUNT');
  if (!serviceAccount) return { kind: 'dev-outbox' };
  return { kind: 'fcm', serviceAccount: loadServiceAccount(serviceAccount), apiUrl: read('FCM_API_URL') };
}
