/**
 * The sync worker's parts in Node, against a real API server (a real Fastify
 * app on a real SQLite database) and a real Dexie replica on fake-indexeddb.
 * The only seam is the network: `network.offline = true` makes fetch fail the
 * way a dead network does, and every request is recorded.
 */
import { ReplicaDatabase } from '../../../src/db/schema.ts';
import { createSyncService, type SyncServiceOptions } from '../../../worker/sync-service.ts';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../../support/test-server.ts';

export interface SentRequest {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}

export interface ReceivedAnswer {
  path: string;
  status: number;
  /** The server's idempotency layer answered from its store instead of running the call again. */
  replayed: boolean;
}

export class TestNetwork {
  offline = false;
  /** Requests hang until the caller gives up (its AbortSignal), like a network that stopped answering. */
  stalled = false;
  readonly sent: SentRequest[] = [];
  readonly answers: ReceivedAnswer[] = [];

  readonly fetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    this.sent.push({
      method: request.method,
      path: url.pathname,
      headers: request.headers,
      body: request.method === 'GET' ? '' : await request.clone().text(),
    });
    if (this.offline) throw new TypeError('fetch failed');
    if (this.stalled) return stallUntilAborted(request.signal);
    const response = await fetch(request);
    this.answers.push({
      path: url.pathname,
      status: response.status,
      replayed: response.headers.get('Idempotent-Replayed') === 'true',
    });
    return response;
  };

  pathsSent(): string[] {
    return this.sent.map((request) => request.path);
  }
}

function stallUntilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

export function freshReplica(): ReplicaDatabase {
  return new ReplicaDatabase(`replica-${crypto.randomUUID()}`);
}

export interface Harness {
  server: TestServer;
  db: ReplicaDatabase;
  network: TestNetwork;
  service: ReturnType<typeof createSyncService>;
  close(): Promise<void>;
}

/** A service over a fresh replica; the server is shared or started here (and then closed by `close`). */
export async function startHarness(
  options: {
    server?: TestServer;
    serverOptions?: TestServerOptions;
    service?: Partial<SyncServiceOptions>;
    /** A replica that outlives this harness (an app closed and opened again): the caller closes it. */
    db?: ReplicaDatabase;
  } = {},
): Promise<Harness> {
  const server = options.server ?? (await startTestServer(options.serverOptions));
  const db = options.db ?? freshReplica();
  const network = new TestNetwork();
  const service = createSyncService({
    db,
    origin: server.url,
    fetch: network.fetch,
    apiRetryBaseMs: 1,
    // Tests drive drains themselves; timers must not add passes behind their back.
    drainer: { retryBaseMs: 3_600_000, retryMaxMs: 3_600_000, periodMs: 3_600_000 },
    // Nor may the reconnection probe, unless a test asks for it.
    reconnect: { baseMs: 3_600_000, maxMs: 3_600_000 },
    ...options.service,
  });
  return {
    server,
    db,
    network,
    service,
    async close() {
      // Let a drain that boot or queueAction started in the background finish first.
      await service.drainer.drain();
      service.drainer.stop();
      service.reconnect.stop();
      if (options.db) return;
      db.close();
      await db.delete();
      if (!options.server) await server.close();
    },
  };
}

/**
 * One real server for a test file, started before its tests and closed after
 * them; the file's current harness (read through `currentHarness`) is closed
 * after each test.
 */
export function useSharedServer(currentHarness: () => Harness | undefined, options?: TestServerOptions): { server: TestServer } {
  const shared = {} as { server: TestServer };
  beforeAll(async () => {
    shared.server = await startTestServer(options);
  });
  afterEach(async () => {
    await currentHarness()?.close();
  });
  afterAll(async () => {
    await shared.server?.close();
  });
  return shared;
}
