/**
 * A tiny client for tests against a listening server: POST a call by name
 * and get status, headers and the parsed JSON body back.
 */
import type { CallBody, CallName } from '../../src/api/calls.ts';
import { API_PREFIX } from '../../src/api/paths.ts';

export interface ApiAnswer<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export async function postCall<N extends CallName>(
  baseUrl: string,
  name: N,
  body: CallBody<N>,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  return postRaw(baseUrl, `${API_PREFIX}/${name}`, JSON.stringify(body), headers);
}

/** POST any path with a raw body (default content type JSON), for malformed-input tests. */
export async function postRaw(
  baseUrl: string,
  path: string,
  rawBody: string | undefined,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: rawBody === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: rawBody,
  });
  return { status: response.status, headers: response.headers, body: await parseBody(response) };
}

async function parseBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('json')) return text;
  return text === '' ? undefined : JSON.parse(text);
}
