/**
 * Firebase Cloud Messaging over its HTTP v1 API with Node's fetch, without
 * firebase-admin (whose current release needs Node 22): a service-account
 * JWT signed with node:crypto (RS256) buys an OAuth access token, cached
 * until shortly before it expires, which authorises `messages:send`.
 *
 *   FCM_SERVICE_ACCOUNT=/path/to/service-account.json   (or the JSON itself)
 */
import { createSign } from 'node:crypto';
import fs from 'node:fs';
import type { PushMessage, PushResult, PushTransport } from './push.ts';

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
export const FCM_API_URL = 'https://fcm.googleapis.com';

export interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  /** Where the JWT is exchanged for an access token; Google's by default. */
  token_uri: string;
}

/** FCM_SERVICE_ACCOUNT: a path to the JSON key file Firebase gives, or that JSON itself. */
export function loadServiceAccount(value: string): ServiceAccount {
  const text = value.trimStart().startsWith('{') ? value : fs.readFileSync(value, 'utf8');
  let parsed: Partial<ServiceAccount>;
  try {
    parsed = JSON.parse(text) as Partial<ServiceAccount>;
  } catch {
    throw new Error('FCM_SERVICE_ACCOUNT is not valid JSON (nor a path to a JSON file)');
  }
  for (const field of ['project_id', 'client_email', 'private_key'] as const) {
    if (typeof parsed[field] !== 'string' || parsed[field] === '') {
      throw new Error(`FCM_SERVICE_ACCOUNT lacks "${field}"`);
    }
  }
  return {
    project_id: parsed.project_id as string,
    client_email: parsed.client_email as string,
    private_key: parsed.private_key as string,
    token_uri: typeof parsed.token_uri === 'string' && parsed.token_uri !== '' ? parsed.token_uri : GOOGLE_TOKEN_URI,
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of RFC 7523 that Google exchanges for an access token. */
export function serviceAccountJwt(account: ServiceAccount, now: Date = new Date()): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: FCM_SCOPE, aud: account.token_uri, iat: issuedAt, exp: issuedAt + 3600 }),
  );
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(account.private_key);
  return `${header}.${claims}.${base64url(signature)}`;
}

export interface FcmOptions {
  serviceAccount: ServiceAccount;
  /** Default https://fcm.googleapis.com (tests point it at a local server). */
  apiUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** FCM error codes that mean the device token will never work again. */
const GONE = new Set(['UNREGISTERED', 'NOT_FOUND']);

export function fcmPush(options: FcmOptions): PushTransport {
  const { serviceAccount } = options;
  const fetchImpl = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());
  const sendUrl = `${(options.apiUrl ?? FCM_API_URL).replace(/\/$/, '')}/v1/projects/${encodeURIComponent(serviceAccount.project_id)}/messages:send`;
  let cached: { token: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > now().getTime()) return cached.token;
    const response = await fetchImpl(serviceAccount.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: serviceAccountJwt(serviceAccount, now()),
      }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`The token endpoint answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    const body = (await response.json()) as { access_token?: string; expires_in?: number };
    if (!body.access_token) throw new Error('The token endpoint gave no access_token');
    // A minute early, so a token never expires on its way.
    cached = { token: body.access_token, expiresAt: now().getTime() + ((body.expires_in ?? 3600) - 60) * 1000 };
    return cached.token;
  }

  async function post(message: PushMessage): Promise<Response> {
    return fetchImpl(sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: {
          token: message.token,
          notification: { title: message.title, body: message.body },
          data: message.data,
          webpush: { notification: { title: message.title, body: message.body } },
        },
      }),
      signal: AbortSignal.timeout(15_000),
    });
  }

  return {
    kind: 'fcm',
    async send(message): Promise<PushResult> {
      try {
        let response = await post(message);
        if (response.status === 401) {
          // Revoked or rotated: one fresh token, one more try.
          cached = undefined;
          response = await post(message);
        }
        if (response.ok) return { ok: true };
        const text = await response.text();
        return { ok: false, tokenGone: GONE.has(fcmErrorCode(text) ?? '') || response.status === 404, error: `FCM answered ${response.status}: ${text.slice(0, 300)}` };
      } catch (error) {
        return { ok: false, tokenGone: false, error: error instanceof Error ? error.message : String(error) };
      }
    },
  };
}

/** The FcmError code of an error answer (error.details[].errorCode), if any. */
function fcmErrorCode(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { error?: { status?: string; details?: { errorCode?: string }[] } };
    return body.error?.details?.find((detail) => typeof detail.errorCode === 'string')?.errorCode ?? body.error?.status;
  } catch {
    return undefined;
  }
}
