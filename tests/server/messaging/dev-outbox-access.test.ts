/**
 * Issue 13, first row: the development outbox handed anyone the codes that
 * take an account over (send-password-reset-mail for the admin's e-mail,
 * then GET /public/api/dev/outbox?to=<that e-mail>, then
 * change-user-password). Now every message is printed in the server's
 * console and kept in DATA_DIR/outbox/*.jsonl, and the route exists only on
 * the operator's switch (DEV_OUTBOX_HTTP=1), never in production or on a
 * HOST beyond loopback, and answers only callers on the same machine.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { DevOutbox } from '../../../src/api/account/entities.ts';
import { DEV_OUTBOX_PATH } from '../../../src/api/account/limits.ts';
import { buildApp } from '../../../server/app.ts';
import { loadConfig, type AppConfig } from '../../../server/config.ts';
import { callAs, registerCustomer, uniquePhone } from '../../support/accounts.ts';
import { createTestDatabase, testDatabases, type TestDatabase } from '../../support/databases.ts';
import { testConfig } from '../../support/test-server.ts';
import { DEV_MESSAGING } from '../../../server/messaging/config.ts';
import { devOutboxRouteVerdict } from '../../../server/account/accounts-plugin.ts';

describe.each(testDatabases())('the development outbox on $kind', ({ kind }) => {
  const opened: { app: FastifyInstance; database: TestDatabase }[] = [];
  afterEach(async () => {
    for (const { app, database } of opened.splice(0)) {
      await app.close();
      await database.drop();
    }
  }, 60_000);

  /** The app as `npm start` would build it from this environment (no seed: the calls here need none). */
  async function appWith(env: NodeJS.ProcessEnv, printDevMessage?: (line: string) => void): Promise<{ app: FastifyInstance; dataDir: string }> {
    const database = await createTestDatabase(kind);
    const fromEnv = loadConfig({ ...env, DATA_DIR: database.dataDir }, process.cwd());
    const config: AppConfig = {
      ...testConfig(database),
      host: fromEnv.host,
      production: fromEnv.production,
      devOutboxHttp: fromEnv.devOutboxHttp,
    };
    const app = await buildApp(config, { printDevMessage });
    opened.push({ app, database });
    return { app, dataDir: database.dataDir };
  }

  const readOutbox = (app: FastifyInstance, remoteAddress?: string, headers?: Record<string, string>) =>
    app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, query: { channel: 'sms' }, ...(remoteAddress ? { remoteAddress } : {}), ...(headers ? { headers } : {}) });

  it('is not served by default, as `npm start` builds the app: the codes are in the console and the jsonl file instead', async () => {
    const lines: string[] = [];
    const { app, dataDir } = await appWith({}, (line) => lines.push(line));
    expect(app.accounts.devOutboxRoute).toBe(false);
    const phone = uniquePhone();
    expect((await callAs(app, 'send-otp', { phone })).statusCode).toBe(200);

    expect((await readOutbox(app)).statusCode).toBe(404);
    expect((await readOutbox(app, '10.1.2.3')).statusCode).toBe(404);
    const [line] = lines;
    expect(lines).toHaveLength(1);
    expect(line).toMatch(new RegExp(`^\\[dev sms\\] to \\${phone}: FoodPilot: your verification code is (\\d{6})\\. It expires in 10 minutes\\. Do not share it\\.$`));
    const code = /code is (\d{6})/.exec(line as string)?.[1];
    const kept = fs.readFileSync(path.join(dataDir, 'outbox', 'sms.jsonl'), 'utf8').trim().split('\n').map((text) => JSON.parse(text) as { to: string; body: string });
    expect(kept).toEqual([expect.objectContaining({ to: phone, body: expect.stringContaining(`code is ${code}.`) })]);
    // The code read from the console works.
    expect((await callAs(app, 'verify-otp', { phone, otp: code })).json()).toEqual({ success: true });
  }, 60_000);

  it('with DEV_OUTBOX_HTTP=1 it answers callers on this machine, and refuses everyone else with 403', async () => {
    const { app } = await appWith({ DEV_OUTBOX_HTTP: '1' });
    expect(app.accounts.devOutboxRoute).toBe(true);
    const phone = uniquePhone();
    await callAs(app, 'send-otp', { phone });
    for (const local of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
      const response = await readOutbox(app, local);
      expect(response.statusCode, local).toBe(200);
      expect(response.json<DevOutbox>().messages.map((message) => message.to), local).toEqual([phone]);
    }
    for (const stranger of ['10.1.2.3', '192.168.1.20', '::ffff:10.0.0.8', 'fe80::1', '2001:db8::7']) {
      const response = await readOutbox(app, stranger);
      expect(response.statusCode, stranger).toBe(403);
      expect(response.json(), stranger).toEqual({ code: 'FORBIDDEN', message: expect.stringMatching(/only callers on the machine/) });
      expect(response.body, stranger).not.toContain(phone);
    }
    // A reverse proxy on the same machine connects from loopback, for someone else.
    expect((await readOutbox(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    expect((await readOutbox(app, '127.0.0.1', { forwarded: 'for=203.0.113.9' })).statusCode).toBe(403);
    // A stranger learns nothing from a malformed query either.
    expect((await app.inject({ method: 'GET', url: `${DEV_OUTBOX_PATH}?channel=fax`, remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
  }, 60_000);

  it('is never served under NODE_ENV=production or on a HOST beyond loopback, even with the switch', async () => {
    for (const env of [
      { DEV_OUTBOX_HTTP: '1', NODE_ENV: 'production' },
      { DEV_OUTBOX_HTTP: '1', HOST: '0.0.0.0' },
    ]) {
      const { app } = await appWith(env);
      expect(app.accounts.devOutboxRoute, JSON.stringify(env)).toBe(false);
      expect((await readOutbox(app)).statusCode, JSON.stringify(env)).toBe(404);
    }
    const verdict = (host: string) => devOutboxRouteVerdict({ devOutboxHttp: true, host }, DEV_MESSAGING);
    for (const host of ['192.168.1.20', '::', '[::]', '10.0.0.1', 'foodpilot.example']) {
      expect(verdict(host), host).toEqual({ serve: false, reason: expect.stringMatching(/not a loopback address/) });
    }
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) expect(verdict(host), host).toEqual({ serve: true });
  }, 60_000);

  it('the four-request takeover no longer works from another machine', async () => {
    const { app } = await appWith({ DEV_OUTBOX_HTTP: '1' });
    const attacker = '203.0.113.50';
    const boss = await registerCustomer(app, 'Boss');
    const email = boss.email;
    await app.db.updateTable('users').set({ role: 'admin' }).where('id', '=', boss.id).execute();
    expect((await callAs(app, 'send-password-reset-mail', { email }, { ip: attacker })).statusCode).toBe(200);
    const read = await app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, query: { to: email }, remoteAddress: attacker });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toMatch(/\d{6}/);
    const listAll = await app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, remoteAddress: attacker });
    expect(listAll.statusCode).toBe(403);
  }, 60_000);

  it('loadConfig reads DEV_OUTBOX_HTTP: off unless it is 1 (or true)', () => {
    expect(loadConfig({}, '/srv').devOutboxHttp).toBe(false);
    expect(loadConfig({ DEV_OUTBOX_HTTP: '0' }, '/srv').devOutboxHttp).toBe(false);
    expect(loadConfig({ DEV_OUTBOX_HTTP: '1' }, '/srv').devOutboxHttp).toBe(true);
    expect(loadConfig({ DEV_OUTBOX_HTTP: 'true' }, '/srv').devOutboxHttp).toBe(true);
  });
});
