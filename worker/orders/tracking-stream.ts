/**
 * The order-events stream (server/orders/order-events-route.ts) read with fetch
 * and a server-sent-events parser instead of EventSource: the same code then
 * runs in the worker and in Node's tests (Node 20 has no EventSource), the
 * token travels in the Authorization header rather than the URL, and the
 * tracker decides itself when to reconnect and when to poll instead.
 */
import { ORDER_EVENTS_PATH } from '../../src/api/orders/limits.ts';
import type { SyncFailure } from '../../src/api/worker-api.ts';
import { failureFromAnswer } from '../../src/api/sync-result.ts';

/** One dispatched message: its `event:` name ('message' by default), its data lines joined by newlines, its `id:`. */
export interface ServerSentEvent {
  event: string;
  data: string;
  id: string;
}

/**
 * The event-stream format of the HTML standard (§9.2.6), fed decoded text in
 * chunks of any size: lines end in CRLF, LF or CR (a CR that ends a chunk
 * ends its line at once, and an LF starting the next chunk is its other
 * half, not a blank line); a blank line dispatches;
 * comments (`:`) and unknown fields are ignored; `retry:` takes digits only.
 */
export class ServerSentEventParser {
  #pending = '';
  /** The last chunk ended in CR: an LF opening the next one belongs to it. */
  #afterCr = false;
  #event = '';
  #data: string[] = [];
  #lastEventId = '';
  #retryMs: number | null = null;

  /** The reconnection time the server last asked for, ms; null until it said. */
  get retryMs(): number | null {
    return this.#retryMs;
  }

  /** Feeds text; answers the messages it completed, in order. */
  push(text: string): ServerSentEvent[] {
    this.#pending += this.#afterCr && text.startsWith('\n') ? text.slice(1) : text;
    this.#afterCr = false;
    const dispatched: ServerSentEvent[] = [];
    let start = 0;
    for (;;) {
      const lineEnd = this.#findLineEnd(start);
      if (!lineEnd) break;
      const message = this.#line(this.#pending.slice(start, lineEnd.at));
      if (message) dispatched.push(message);
      start = lineEnd.at + lineEnd.length;
    }
    this.#pending = this.#pending.slice(start);
    return dispatched;
  }

  /** The next line terminator from `start`, if the text holds one. */
  #findLineEnd(start: number): { at: number; length: number } | undefined {
    for (let at = start; at < this.#pending.length; at += 1) {
      const char = this.#pending[at];
      if (char === '\n') return { at, length: 1 };
      if (char === '\r') {
        if (at + 1 === this.#pending.length) this.#afterCr = true;
        return { at, length: this.#pending[at + 1] === '\n' ? 2 : 1 };
      }
    }
    return undefined;
  }

  #line(line: string): ServerSentEvent | undefined {
    if (line === '') return this.#dispatch();
    if (line.startsWith(':')) return undefined;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        this.#event = value;
        break;
      case 'data':
        this.#data.push(value);
        break;
      case 'id':
        if (!value.includes('\u0000')) this.#lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) this.#retryMs = Number(value);
        break;
      default:
        break;
    }
    return undefined;
  }

  #dispatch(): ServerSentEvent | undefined {
    const event = this.#event || 'message';
    const data = this.#data;
    this.#event = '';
    this.#data = [];
    // A block without data lines (only `retry:`, `event:` or comments) dispatches nothing.
    if (data.length === 0) return undefined;
    return { event, data: data.join('\n'), id: this.#lastEventId };
  }
}

export interface StreamReaders {
  /** Each dispatched message, awaited before the next is read. */
  onEvent(event: ServerSentEvent): Promise<void> | void;
  /** Any bytes at all: a heartbeat comment proves the stream is alive as much as a message does. */
  onBytes?(): Promise<void> | void;
}

/**
 * Reads a response body to its end (or until its fetch is aborted, which
 * rejects). UTF-8 with the standard's BOM handling (TextDecoder drops one).
 */
export async function readEventStream(body: ReadableStream<Uint8Array>, readers: StreamReaders): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new ServerSentEventParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await readers.onBytes?.();
      for (const event of parser.push(decoder.decode(value, { stream: true }))) await readers.onEvent(event);
    }
  } finally {
    reader.releaseLock();
  }
}

export interface StreamDeps {
  /** e.g. `https://app.example`; the stream's path is ORDER_EVENTS_PATH/<id>. */
  origin: string;
  fetch: typeof fetch;
  /** The testers' switch: while on, the stream is as unreachable as every other request. */
  isSimulatedOffline(): Promise<boolean>;
}

export type StreamOpening =
  | { kind: 'open'; body: ReadableStream<Uint8Array> }
  /** The server refused this order's stream (signed out, not their order): retrying will not help. */
  | { kind: 'refused'; failure: SyncFailure }
  /** No stream now: offline, a 5xx or 429, or a body that is not an event stream (a proxy's page). */
  | { kind: 'failed' };

const RETRYABLE_4XX = [408, 425, 429];

export async function openOrderEvents(deps: StreamDeps, uniqueOrderId: string, token: string, signal: AbortSignal): Promise<StreamOpening> {
  if (await deps.isSimulatedOffline()) return { kind: 'failed' };
  let response: Response;
  try {
    response = await deps.fetch(`${deps.origin}${ORDER_EVENTS_PATH}/${encodeURIComponent(uniqueOrderId)}`, {
      method: 'GET',
      headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
      cache: 'no-store',
      signal,
    });
  } catch {
    return { kind: 'failed' };
  }
  const isStream = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (response.ok && isStream && response.body) return { kind: 'open', body: response.body };
  const status = response.status;
  if (status >= 400 && status < 500 && !RETRYABLE_4XX.includes(status)) {
    const body: unknown = await response.json().catch(() => undefined);
    return { kind: 'refused', failure: failureFromAnswer(status, body) };
  }
  await response.body?.cancel().catch(() => undefined);
  return { kind: 'failed' };
}
