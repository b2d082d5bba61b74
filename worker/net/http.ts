/**
 * The one place the sync worker touches the network. Every request gets a
 * time-out, honours the testers' simulated-offline switch, and reports whether
 * the server was reached; callers get an outcome, never an exception.
 */
export type HttpOutcome =
  /** The server answered; `body` is the parsed JSON, or the raw text when it was not JSON. */
  | { kind: 'answer'; status: number; body: unknown; isJson: boolean }
  /** `simulated`: the testers' switch, not the network, kept the request in. */
  | { kind: 'offline'; simulated?: true }
  | { kind: 'timeout' };

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path on the app's own origin, e.g. `/public/api/get-settings`. */
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** `no-store` for files that must never come from the HTTP cache (version.json). */
  cache?: RequestCache;
}

export interface HttpOptions {
  origin: string;
  fetch: typeof fetch;
  timeoutMs: number;
  /** Read before every request: while on, nothing leaves the worker. */
  isSimulatedOffline(): Promise<boolean>;
  /** Called after every attempt, so connectivity is recorded in one place. */
  onOutcome?(outcome: HttpOutcome): Promise<void>;
}

export type HttpSend = (request: HttpRequest) => Promise<HttpOutcome>;

export function createHttp(options: HttpOptions): HttpSend {
  return async (request) => {
    const outcome = (await options.isSimulatedOffline())
      ? ({ kind: 'offline', simulated: true } as const)
      : await sendWithTimeout(options, request);
    await options.onOutcome?.(outcome);
    return outcome;
  };
}

async function sendWithTimeout(options: HttpOptions, request: HttpRequest): Promise<HttpOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  try {
    const response = await options.fetch(`${options.origin}${request.path}`, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      cache: request.cache,
      signal: controller.signal,
    });
    // The time-out also covers reading the body: a stalled stream is as dead as no answer.
    const text = await response.text();
    return { kind: 'answer', status: response.status, ...parseBody(text) };
  } catch (error) {
    if (controller.signal.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return { kind: 'timeout' };
    }
    // fetch rejects with a TypeError for DNS, refused connections, a dead
    // network, or a service worker answering Response.error().
    return { kind: 'offline' };
  } finally {
    clearTimeout(timer);
  }
}

function parseBody(text: string): { body: unknown; isJson: boolean } {
  if (text === '') return { body: undefined, isJson: false };
  try {
    return { body: JSON.parse(text) as unknown, isJson: true };
  } catch {
    return { body: text, isJson: false };
  }
}
