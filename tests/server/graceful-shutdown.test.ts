/**
 * Graceful shutdown of the real server (`npm start`'s entry, a child
 * process) on SIGTERM (server.ts closeOnSignals, plugins/shutdown.ts): the
 * request in flight finishes with 200, an open order-events stream ends with
 * a `retry:` hint so its client reconnects (behind a balancer: elsewhere),
 * and the process exits 0.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS_PATH, ORDER_EVENTS_RETRY_MS } from '../../src/api/orders/limits.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { startServerProcess } from '../../bench/server-process.ts';
import { buildApp } from '../../server/app.ts';
import { seedDemo } from '../../server/seed/seed-demo.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../support/databases.ts';
import { ServerEventReader } from '../support/server-events.ts';
import { testConfig } from '../support/test-server.ts';
import { createCast, placeOrderFor } from './orders/lifecycle-support.ts';

describe.each(testDatabases())('graceful shutdown on $kind', ({ kind }) => {
  const children: ChildProcess[] = [];
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const database of databases) await database.drop();
  });

  it('SIGTERM: the request in flight answers 200, the stream ends with a retry hint, the process exits 0', async () => {
    const database = await createTestDatabase(kind);
    databases.push(database);
    // A stand-in build, so the server does not build the web app first.
    const distDir = path.join(database.dataDir, 'dist');
    await fs.mkdir(distDir, { recursive: true });
    await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>shutdown test</title>');

    // An order and its customer, made in this process on the data the server will open.
    const setup = await buildApp(testConfig(database, distDir));
    await setup.ready();
    await seedDemo(setup.db, database.dataDir);
    const cast = await createCast(setup, setup.db);
    const order = await placeOrderFor(setup, cast, cast.customer);
    await setup.close();

    const { child, url } = await startServerProcess(database.dataDir, {
      ...(database.databaseUrl ? { databaseUrl: database.databaseUrl } : {}),
      env: { DIST_DIR: distDir, LOG_LEVEL: 'error' },
    });
    children.push(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

    const streamResponse = await fetch(`${url}${ORDER_EVENTS_PATH}/${encodeURIComponent(order.unique_order_id)}?token=${encodeURIComponent(cast.customer.token)}`);
    expect(streamResponse.status).toBe(200);
    if (!streamResponse.body) throw new Error('no stream body');
    const events = new ServerEventReader(streamResponse.body.getReader());
    expect(await events.next(5_000)).toMatchObject({ retry: ORDER_EVENTS_RETRY_MS });
    await events.nextMessage(5_000);

    // A request in flight: its headers are in, its body is still coming when the signal arrives.
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const socketClosed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(`POST ${API_PREFIX}/get-settings HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    child.kill('SIGTERM');
    // The stream ends first, saying when to come back.
    let last;
    for (;;) {
      const event = await events.next(5_000);
      if (!event) break;
      last = event;
    }
    expect(last).toMatchObject({ retry: ORDER_EVENTS_RETRY_MS, comments: ['server shutting down'] });
    expect(child.exitCode).toBeNull();

    // The server waits for the request in flight: it finishes now and is answered.
    socket.write('}');
    // …and closes the connection with it: a keep-alive left open would hold the exit for Fastify's keepAliveTimeout (72 s).
    const signalled = Date.now();
    await socketClosed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(answer).toContain('"key"');
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
  }, 90_000);
});
