/**
 * Calls of the shared call table (`POST /public/api/<path>`: the call's name,
 * or its route with the path parameters filled in) and the version file, with
 * every answer checked against its schema before anyone trusts it.
 */
import type { TSchema } from '@sinclair/typebox';
import {
  API_PREFIX,
  VERSION_PATH,
  VersionResponse,
  callPath,
  appCalls,
  type AppCallName,
  type CallBody,
  type CallName,
  type CallParams,
  type CallResponse,
  type PathCallName,
} from '../../src/api/calls.ts';
import type { VersionInfo } from '../../src/api/entities.ts';
import { replayVerdict } from '../../src/api/outbox.ts';
import type { SyncFailure } from '../../src/api/worker-api.ts';
import { backoffDelay, sleep } from './backoff.ts';
import { findProblem } from './check-shape.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';
import { failureFromOutcome } from './failures.ts';
import type { HttpOutcome, HttpRequest, HttpSend } from './http.ts';

/** `SyncResult` with a value, for a generic `T` (the contract's conditional type cannot be built from one). */
export type ValueResult<T> = { ok: true; value: T } | SyncFailure;

/** Path parameters: required for calls whose route has them, absent otherwise. */
export type CallParamsArg<N extends CallName> = N extends PathCallName ? [params: CallParams<N>] : [params?: CallParams<N>];

export interface ApiClient {
  call<N extends AppCallName>(name: N, body: CallBody<N>, ...params: CallParamsArg<N>): Promise<ValueResult<CallResponse<N>>>;
  getVersion(): Promise<ValueResult<VersionInfo>>;
}

export interface ApiClientOptions {
  send: HttpSend;
  /** Extra attempts after a 5xx, 429 or 408; a 4xx or a dead network is not retried here. */
  retries?: number;
  retryBaseMs?: number;
}

const RETRY_MAX_MS = 8_000;

export function createApiClient({ send, retries = 2, retryBaseMs = 500 }: ApiClientOptions): ApiClient {
  async function sendWithRetry(request: HttpRequest): Promise<HttpOutcome> {
    let outcome = await send(request);
    for (let attempt = 1; attempt <= retries && isRetryable(outcome); attempt += 1) {
      await sleep(backoffDelay(attempt, retryBaseMs, RETRY_MAX_MS));
      outcome = await send(request);
    }
    return outcome;
  }

  async function request<T>(request: HttpRequest, schema: TSchema): Promise<ValueResult<T>> {
    const outcome = await sendWithRetry(request);
    if (outcome.kind !== 'answer') return failureFromOutcome(outcome);
    if (outcome.status < 200 || outcome.status >= 300) return failureFromAnswer(outcome.status, outcome.body);
    return checkShape<T>(schema, outcome.body, request.path);
  }

  return {
    call(name, body, ...[params]) {
      let path: string;
      try {
        path = `${API_PREFIX}/${callPath(name, params as CallParams<typeof name> | undefined)}`;
      } catch (error) {
        // A missing path parameter (the arguments crossed the worker boundary unchecked).
        return Promise.resolve({ ok: false, reason: 'invalid', code: 'BAD_REQUEST', message: String(error) });
      }
      return request({ method: 'POST', path, body }, appCalls[name].response);
    },
    getVersion() {
      return request({ method: 'GET', path: VERSION_PATH, cache: 'no-store' }, VersionResponse);
    },
  };
}

function isRetryable(outcome: HttpOutcome): boolean {
  return outcome.kind === 'answer' && replayVerdict(outcome.status) === 'retry';
}

function checkShape<T>(schema: TSchema, body: unknown, path: string): ValueResult<T> {
  const problem = findProblem(schema, body);
  if (!problem) return { ok: true, value: body as T };
  return { ok: false, reason: 'bad-response', message: `Unexpected answer from ${path} at "${problem.path || '/'}": ${problem.message}` };
}
