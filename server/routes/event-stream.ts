/**
 * What every server-sent-events route of the API does around its own
 * watcher (order-events.ts, store-order-events.ts): the headers and the
 * `retry:` line, a heartbeat comment every ORDER_EVENTS_HEARTBEAT_MS that
 * also asks the watcher to re-read (the safety net for a change this process
 * did not hear of), and one way to end: when the client goes, when the first
 * read fails, and when the server closes (`closeAll`, run from preClose).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_EVENTS_HEARTBEAT_MS, ORDER_EVENTS_RETRY_MS } from '../../src/api/index.ts';

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
      clearInterval(heartbeat);
      unsubscribe();
      await watcher.close();
      if (!stream.writableEnded) stream.end();
    })();
    return ended;
  };
  options.openStreams.add(end);
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
