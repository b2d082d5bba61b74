/**
 * Helpers for running real server processes side by side, shared by the
 * cluster test (tests/server/cluster.test.ts) and `npm run bench -- cluster`
 * (bench/scenarios/cluster.ts): a round-robin proxy standing in for a load
 * balancer, killing a process, and the customer's and store's calls and
 * event streams with how long a change takes to reach them.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Order, OrderTracking } from '../../src/api/orders/entities.ts';
import { ORDER_EVENTS_PATH } from '../../src/api/orders/limits.ts';
import { IDEMPOTENCY_HEADER } from '../../src/api/outbox.ts';
import { addressKmNorth, line, type TestStore } from '../server/checkout/checkout-fixtures.ts';
import { postCall } from './api-client.ts';
import { ServerEventReader } from './server-events.ts';

export interface Backend {
  url: string;
  dead: boolean;
}

/** A load balancer in miniature: each request to the next live backend; one that refuses the connection is marked dead and skipped. */
export class RoundRobinProxy {
  readonly backends: Backend[];
  #next = 0;
  readonly #server = http.createServer((request, response) => void this.#forward(request, response));

  constructor(urls: string[]) {
    this.backends = urls.map((url) => ({ url, dead: false }));
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.#server.closeAllConnections();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }

  #pick(): Backend | undefined {
    for (let n = 0; n < this.backends.length; n += 1) {
      const backend = this.backends[(this.#next + n) % this.backends.length];
      if (backend && !backend.dead) {
        this.#next = (this.#next + n + 1) % this.backends.length;
        return backend;
      }
    }
    return undefined;
  }

  async #forward(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    // Request bodies are small JSON: kept, so a request refused by a dead backend goes to the next one.
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let backend = this.#pick(); backend; backend = this.#pick()) {
      try {
        await this.#send(backend, request, body, response);
        return;
      } catch {
        backend.dead = true;
      }
    }
    response.writeHead(502, { 'content-type': 'text/plain' }).end('no live backend');
  }

  /** Resolves once the backend answers (its body then streams through); rejects when it cannot be reached. */
  #send(backend: Backend, request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): Promise<void> {
    return new Promise((resolve, reject) => {
      const target = new URL(request.url ?? '/', backend.url);
      const headers = { ...request.headers, host: target.host };
      delete headers.connection;
      const upstream = http.request(target, { method: request.method, headers, agent: false }, (answer) => {
        const answerHeaders = { ...answer.headers };
        delete answerHeaders.connection;
        delete answerHeaders['keep-alive'];
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        response.flushHeaders();
        answer.on('data', (chunk: Buffer) => response.write(chunk));
        answer.on('end', () => response.end());
        // The backend died mid-answer (kill -9): the client sees its connection drop, as behind a real balancer.
        answer.on('close', () => {
          if (!answer.complete) response.destroy();
        });
        resolve();
      });
      // The client went (e.g. closed its stream): so does the request to the backend.
      response.on('close', () => upstream.destroy());
      upstream.on('error', reject);
      upstream.end(body);
    });
  }
}

export interface Running {
  child: ChildProcess;
  url: string;
}

export function isAlive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

export async function killHard(child: ChildProcess): Promise<void> {
  if (!isAlive(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

export async function placeOrder(url: string, token: string, store: TestStore): Promise<Order> {
  const answer = await postCall(
    url,
    'place-order',
    { token, restaurant_id: store.id, items: [line(store.menu.burger, 2)], order_type: 'DELIVERY', address: addressKmNorth(1), payment_mode: 'COD' },
    { [IDEMPOTENCY_HEADER]: randomUUID() },
  );
  if (answer.status !== 200) throw new Error(`place-order answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body as Order;
}

export async function move(url: string, name: 'accept-order' | 'accept-to-deliver' | 'store-cancel-order', token: string, order: Order, extra: Record<string, unknown> = {}) {
  const answer = await postCall(url, name, { token, unique_order_id: order.unique_order_id, ...extra } as never, { [IDEMPOTENCY_HEADER]: randomUUID() });
  if (answer.status !== 200) throw new Error(`${name} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
}

export interface OpenStream {
  events: ServerEventReader;
  close(): void;
}

export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const client = new AbortController();
  const response = await fetch(url, { headers, signal: client.signal });
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}: ${await response.text()}`);
  return { events: new ServerEventReader(response.body.getReader()), close: () => client.abort() };
}

/** Whether the stream ends (cleanly, or its connection drops as a killed process's does) within 5 s. */
export function ends(stream: OpenStream): Promise<boolean> {
  return stream.events.next(5_000).then(
    (event) => event === undefined,
    (error: unknown) => !(error instanceof Error && error.message.startsWith('no event within')),
  );
}

/** The order's stream, past its `retry:` line and its first message (where the order stands), which is answered. */
export async function orderStream(url: string, order: Order, token: string): Promise<{ stream: OpenStream; first: { event: string; data: OrderTracking } }> {
  const stream = await openStream(`${url}${ORDER_EVENTS_PATH}/${order.unique_order_id}?token=${encodeURIComponent(token)}`);
  return { stream, first: await stream.events.nextMessage<OrderTracking>() };
}

/** Runs `change` and answers the next message of `events` with how long after the change began it arrived. */
export async function timed<T>(events: ServerEventReader, change: () => Promise<unknown>): Promise<{ message: { event: string; data: T }; ms: number }> {
  const began = performance.now();
  const arrived = events.nextMessage<T>(5_000).then((message) => ({ message, ms: performance.now() - began }));
  await change();
  return arrived;
}
