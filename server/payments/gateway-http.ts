/**
 * How the fetch-based adapters talk to their provider: JSON in and out, a
 * time limit on every request, and one error for "the provider did not give
 * a usable answer" (502 PAYMENT_GATEWAY_UNAVAILABLE). The client sees only
 * that; the provider's own words go to the log through `providerDetail`.
 */
import { HttpError } from '../http/http-error.ts';

/** A payment page waits on this; a provider slower than this is treated as down. */
export const GATEWAY_TIMEOUT_MS = 15_000;

export class GatewayUnavailableError extends HttpError {
  /** What the provider answered (or why there was no answer), for the log only. */
  readonly providerDetail: string;

  constructor(provider: string, providerDetail: string) {
    super(502, 'PAYMENT_GATEWAY_UNAVAILABLE', `${provider} did not answer as expected. Try again in a moment.`);
    this.providerDetail = `${provider}: ${providerDetail}`;
  }
}

export interface GatewayAnswer {
  status: number;
  body: unknown;
}

/** Sends a request and parses the JSON answer, whatever its status; a network failure or a non-JSON answer is a GatewayUnavailableError. */
export async function requestJson(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown },
): Promise<GatewayAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method,
      headers: {
        accept: 'application/json',
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayUnavailableError(provider, `${init.method} ${url} failed: ${(error as Error).message}`);
  }
  const text = await response.text();
  try {
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  } catch {
    throw new GatewayUnavailableError(provider, `${init.method} ${url} answered ${response.status} with non-JSON: ${text.slice(0, 200)}`);
  }
}

/** The answer's body when the status is 2xx; otherwise a GatewayUnavailableError carrying what the provider said. */
export async function requestOk(
  provider: string,
  url: string,
  init: { method: 'GET' | 'POST'; headers?: Record<string, string>; json?: unknown },
): Promise<Record<string, unknown>> {
  const answer = await requestJson(provider, url, init);
  if (answer.status < 200 || answer.status >= 300 || !isRecord(answer.body)) {
    throw new GatewayUnavailableError(provider, `${init.method} ${url} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 500)}`);
  }
  return answer.body;
}

export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a field of a provider's answer that must be there; its absence means the answer is not what the API documents. */
export function field<T extends 'string' | 'number'>(
  provider: string,
  record: Record<string, unknown>,
  name: string,
  type: T,
): T extends 'string' ? string : number {
  const value = record[name];
  if (typeof value !== type) throw new GatewayUnavailableError(provider, `answer without ${type} "${name}": ${JSON.stringify(record).slice(0, 300)}`);
  return value as T extends 'string' ? string : number;
}

export function recordField(provider: string, record: Record<string, unknown>, name: string): Record<string, unknown> {
  const value = record[name];
  if (!isRecord(value)) throw new GatewayUnavailableError(provider, `answer without object "${name}": ${JSON.stringify(record).slice(0, 300)}`);
  return value;
}

/**
 * What every REST gateway keeps the same way: its credentials (absent until
 * the environment gives them), whether it has them, the public values for the
 * app (none by default), and the credentials for a call, or a 502 that says
 * the provider cannot be used.
 */
export abstract class CredentialedGateway<Config> {
  protected readonly config: Config | undefined;

  constructor(config: Config | undefined) {
    this.config = config;
  }

  isConfigured(): boolean {
    return this.config !== undefined;
  }

  /** Public values the app's payment step needs; most providers need none. */
  clientConfig(): Record<string, string> {
    return {};
  }

  protected configured(provider: string): Config {
    if (!this.config) throw new GatewayUnavailableError(provider, 'not configured');
    return this.config;
  }
}
