/**
 * /health/live and /health/ready (routes/health.ts) and the shutdown answer
 * (plugins/shutdown.ts): what a load balancer sees of a healthy process, of
 * one whose database stopped answering, and of one that is closing.
 */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { testDatabases } from '../../support/databases.ts';
import { startTestServer, type TestServer } from '../../support/test-server.ts';

describe.each(testDatabases())('health on $kind', ({ kind }) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('live (and its older name /health) answers 200; ready answers 200 while the database answers', async () => {
    t = await buildTestApp(kind, { seed: false });
    for (const url of ['/health', '/health/live', '/health/ready']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ ok: true });
    }
  });

  it('ready answers 503 { message, code, failed: [database] } when the database does not answer; live still 200', async () => {
    t = await buildTestApp(kind, { seed: false });
    // The connection gone from under the app: every query now fails.
    await t.app.db.destroy();
    const ready = await t.app.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ message: expect.any(String), code: 'NOT_READY', failed: ['database'] });
    const live = await t.app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

/** Sends raw HTTP/1.1 on one socket and collects everything the server answers on it. */
function rawConnection(url: string): { send(text: string): void; received(): string; connected: Promise<void>; ended: Promise<void> } {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { send: (request) => socket.write(request), received: () => text, connected, ended };
}

describe('health while shutting down', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close().catch(() => undefined);
    server = undefined;
  });

  it('once close begins, ready and new requests answer 503 SHUTTING_DOWN while the request in flight finishes 200', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let closeBegan!: () => void;
    const closeBegun = new Promise<void>((resolve) => {
      closeBegan = resolve;
    });
    server = await startTestServer({
      seed: false,
      register: (app) => {
        app.get('/test/slow', async () => {
          entered();
          await released;
          return { done: true };
        });
        // Holds the close where the streams end (preClose), before the listener stops taking connections.
        app.addHook('preClose', async () => {
          closeBegan();
          await released;
        });
      },
    });
    const busy = rawConnection(server.url);
    busy.send('GET /test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inHandler;

    const closing = server.app.close();
    await closeBegun;
    expect(server.app.isShuttingDown()).toBe(true);
    const ready = await fetch(`${server.url}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect(await ready.json()).toEqual({ message: expect.any(String), code: 'SHUTTING_DOWN', failed: ['shutting-down'] });
    const call = await fetch(`${server.url}/public/api/get-settings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(call.status).toBe(503);
    expect(await call.json()).toEqual({ message: expect.any(String), code: 'SHUTTING_DOWN' });
    expect((await fetch(`${server.url}/health/live`)).status).toBe(200);

    release();
    await closing;
    await busy.ended;
    // The request in flight finished, and its keep-alive connection closed with it (nothing holds the exit).
    expect(busy.received()).toMatch(/^HTTP\/1\.1 200/);
    expect(busy.received()).toContain('{"done":true}');
    expect(busy.received()).toMatch(/\r\nconnection: close\r\n/i);
  });

  it('a connection that opened and never asked, or a request that never ends, holds the close only for the grace', async () => {
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    server = await startTestServer({
      seed: false,
      shutdownGraceMs: 300,
      register: (app) => {
        app.get('/test/never', () => {
          entered();
          return new Promise(() => undefined);
        });
      },
    });
    const silent = rawConnection(server.url);
    const stuck = rawConnection(server.url);
    await silent.connected;
    stuck.send('GET /test/never HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await inHandler;

    // Node's server.close() alone waits for both for ever: the test would time out here.
    await server.app.close();
    await Promise.all([silent.ended, stuck.ended]);
    expect(silent.received()).toBe('');
    expect(stuck.received()).toBe('');
  });
});
