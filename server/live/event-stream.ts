/**
 * What every server-sent-events route of the API does around its own
 * watcher (order-events.ts, store-order-events.ts): the headers and the
 * `retry:` line, a heartbeat comment every ORDER_EVENTS_HEARTBEAT_MS that
 * also asks the watcher to re-read (the safety net for a change this process
 * did not hear of), and one way to end: when the client goes, when the first
 * read fails, and when the server closes (`closeAll`, run from preClose).
 *
 * No message has an `id:`, and Last-Event-ID is not needed: a client that
 * reconnects (after a drop, or to another process when this one stopped or
 * died) gets the whole current state again. An order-events stream starts
 * with the order's `tracking` as it stands; the console reads its order
 * list once the store-order-events stream is open (or asks `?since=`). So a
 * process that stops or dies loses its clients nothing
 * (tests/server/cluster.test.ts reconnects an order-events client).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_EVENTS_HEARTBEAT_MS, ORDER_EVENTS_RETRY_MS } from '../../src/api/orders/limits.ts';

/** What a route watches: its first read, a re-read, and its own end. */
export interface StreamWatcher {
  start(): Promise<void>;
  check(): void;
  close(): Promise<void>;
}

export type EventWriter = (event: string, data: unknown) => void;

/** The open streams of one route; every one ends before the server waits for its connections. */
export function openStreamsOf(app: FastifyInstance): Set<() => Promise<void>> {
  const openStreams = new Set<() => Promise<void>>();
  app.addHook('preClose', async () => {
    await Promise.all([...openStreams].map((end) => end()));
  });
  return openStreams;
}

export async function runEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    /** For the logs, e.g. 'order-events'. */
    name: string;
    openStreams: Set<() => Promise<void>>;
    /** The route's watcher, given the writer of its messages. */
    watch(write: EventWriter): StreamWatcher;
    /** Subscribes to the changes the watcher should re-read on; answers the unsubscribe. */
    subscribe(watcher: StreamWatcher): () => void;
    /** A comment sent once the first read is out (the console waits for it before loading its list). */
    readyComment?: string;
  },
): Promise<void> {
  reply.hijack();
  const stream = reply.raw;
  stream.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx and friends: do not hold the messages back.
    'x-accel-buffering': 'no',
  });
  stream.write(`retry: ${ORDER_EVENTS_RETRY_MS}\n\n`);

  const watcher = options.watch((event, data) => {
    if (!stream.writableEnded) stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  });
  const unsubscribe = options.subscribe(watcher);
  const heartbeat = setInterval(() => {
    if (!stream.writableEnded) stream.write(': heartbeat\n\n');
    watcher.check();
  }, ORDER_EVENTS_HEARTBEAT_MS);
  heartbeat.unref();

  let ended: Promise<void> | undefined;
  const end = (): Promise<void> => {
    ended ??= (async () => {
      options.openStreams.delete(end);
      streamClosed();
      clearInterval(heartbeat);
      unsubscribe();
      await watcher.close();
      // The server is going away (plugins/shutdown.ts): say so and when to come back, so the
      // client reconnects (to another process behind the balancer) and is sent where things stand.
      if (!stream.writableEnded && request.server.isShuttingDown()) {
        stream.write(`: server shutting down\nretry: ${ORDER_EVENTS_RETRY_MS}\n\n`);
      }
      if (!stream.writableEnded) stream.end();
    })();
    return ended;
  };
  options.openStreams.add(end);
  const streamClosed = request.server.metrics.streamOpened(options.name);
  // The client went (closed the page, lost the network, called EventSource.close()).
  stream.on('close', () => void end());

  try {
    await watcher.start();
    if (options.readyComment && !stream.writableEnded) stream.write(`: ${options.readyComment}\n\n`);
  } catch (error) {
    request.log.error({ err: error }, `${options.name}: the first read failed`);
    await end();
  }
}
