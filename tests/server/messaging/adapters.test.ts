/**
 * The real transports against local stand-ins: SMTP (a tiny SMTP server
 * written here), Twilio's REST API and Firebase Cloud Messaging's HTTP v1
 * API (local HTTP servers that check what a real one would: credentials,
 * the signed JWT, the payload). Then the same transports wired into the
 * app from its configuration, on each database, and the development
 * outbox route, which exists only outside production with no real transport.
 */
import { generateKeyPairSync, verify } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_OUTBOX_PATH } from '../../../src/api/account/limits.ts';
import { buildApp } from '../../../server/app.ts';
import { DEV_MESSAGING, messagingConfigFromEnv, usesOnlyDevOutbox, type MessagingConfig } from '../../../server/messaging/config.ts';
import { fcmPush, loadServiceAccount, type ServiceAccount } from '../../../server/messaging/fcm.ts';
import { sendMail } from '../../../server/messaging/smtp-client.ts';
import { twilioSms } from '../../../server/messaging/sms.ts';
import { seedDemo } from '../../../server/seed/seed-demo.ts';
import { callAs, registerCustomer } from '../../support/accounts.ts';
import { createTestDatabase, createTestDataDir, testDatabases, type TestDatabaseKind } from '../../support/databases.ts';
import { testConfig } from '../../support/test-server.ts';

// ---------------------------------------------------------------------------
// Stand-ins
// ---------------------------------------------------------------------------

interface SmtpStandIn {
  url: (credentials?: string) => string;
  messages: { from: string; to: string; auth: string | null; data: string }[];
  close: () => Promise<void>;
}

/** A tiny SMTP server: EHLO (multi-line), AUTH PLAIN or LOGIN, MAIL, RCPT, DATA, QUIT. */
async function startSmtpServer(options: { mechanisms?: string; rejectRecipient?: boolean } = {}): Promise<SmtpStandIn> {
  const messages: SmtpStandIn['messages'] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let mode: 'command' | 'data' | 'login-user' | 'login-password' = 'command';
    let current = { from: '', to: '', auth: null as string | null, data: '' };
    let loginUser = '';
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 standin.test ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      if (mode === 'data') {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        current.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        messages.push(current);
        current = { from: '', to: '', auth: current.auth, data: '' };
        mode = 'command';
        reply('250 2.0.0 queued');
      }
      let newline: number;
      while (mode !== 'data' && (newline = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        if (mode === 'login-user') {
          loginUser = Buffer.from(line, 'base64').toString('utf8');
          mode = 'login-password';
          reply('334 UGFzc3dvcmQ6');
          continue;
        }
        if (mode === 'login-password') {
          current.auth = `LOGIN ${loginUser}:${Buffer.from(line, 'base64').toString('utf8')}`;
          mode = 'command';
          reply('235 2.7.0 accepted');
          continue;
        }
        const verb = line.split(' ')[0]?.toUpperCase();
        if (verb === 'EHLO') {
          reply('250-standin.test greets you');
          reply(`250-AUTH ${options.mechanisms ?? 'PLAIN LOGIN'}`);
          reply('250 8BITMIME');
        } else if (verb === 'AUTH' && line.toUpperCase().startsWith('AUTH PLAIN ')) {
          const [, user, password] = Buffer.from(line.slice(11), 'base64').toString('utf8').split('\0');
          current.auth = `PLAIN ${user}:${password}`;
          reply('235 2.7.0 accepted');
        } else if (verb === 'AUTH') {
          mode = 'login-user';
          reply('334 VXNlcm5hbWU6');
        } else if (verb === 'MAIL') {
          current.from = line;
          reply('250 ok');
        } else if (verb === 'RCPT') {
          current.to = line;
          reply(options.rejectRecipient ? '550 5.1.1 no such mailbox' : '250 ok');
        } else if (verb === 'DATA') {
          mode = 'data';
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else {
          reply('502 not implemented');
        }
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (credentials = '') => `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface HttpStandIn {
  url: string;
  requests: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }[];
  close: () => Promise<void>;
}

async function startHttpServer(
  answer: (request: { method: string; path: string; headers: http.IncomingHttpHeaders; body: string }) => { status: number; body: unknown },
): Promise<HttpStandIn> {
  const requests: HttpStandIn['requests'] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const seen = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
      requests.push(seen);
      const { status, body: answerBody } = answer(seen);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answerBody));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A stand-in for Google's token endpoint and FCM: checks the JWT's signature and claims, then the bearer token. */
async function startFcmServer() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let issued = 0;
  let rejectNextSend = false;
  const jwtProblems: string[] = [];
  const server = await startHttpServer(({ path: requestPath, headers, body }) => {
    if (requestPath === '/token') {
      const assertion = new URLSearchParams(body).get('assertion') ?? '';
      const [header = '', claims = '', signature = ''] = assertion.split('.');
      if (!verify('RSA-SHA256', Buffer.from(`${header}.${claims}`), publicKey, Buffer.from(signature, 'base64url'))) {
        jwtProblems.push('bad signature');
        return { status: 400, body: { error: 'invalid_grant' } };
      }
      const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (parsed.iss !== 'push@demo-project.iam.gserviceaccount.com' || parsed.scope !== 'https://www.googleapis.com/auth/firebase.messaging') {
        jwtProblems.push(`claims ${JSON.stringify(parsed)}`);
      }
      issued += 1;
      return { status: 200, body: { access_token: `access-${issued}`, expires_in: 3600, token_type: 'Bearer' } };
    }
    if (requestPath === '/v1/projects/demo-project/messages:send') {
      if (headers.authorization !== `Bearer access-${issued}` || rejectNextSend) {
        rejectNextSend = false;
        return { status: 401, body: { error: { status: 'UNAUTHENTICATED' } } };
      }
      const { message } = JSON.parse(body) as { message: { token: string } };
      if (message.token === 'gone-token') {
        return { status: 404, body: { error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } } };
      }
      return { status: 200, body: { name: 'projects/demo-project/messages/1' } };
    }
    return { status: 404, body: {} };
  });
  const serviceAccount: ServiceAccount = {
    project_id: 'demo-project',
    client_email: 'push@demo-project.iam.gserviceaccount.com',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    token_uri: `${server.url}/token`,
  };
  return {
    ...server,
    serviceAccount,
    jwtProblems,
    tokensIssued: () => issued,
    rejectNextSend: () => {
      rejectNextSend = true;
    },
    sends: () => server.requests.filter((request) => request.path.endsWith('messages:send')),
  };
}

// ---------------------------------------------------------------------------
// The adapters on their own
// ---------------------------------------------------------------------------

describe('SMTP client', () => {
  let smtp: SmtpStandIn;
  afterEach(async () => {
    await smtp?.close();
  });

  it('hands a UTF-8 message over with AUTH PLAIN; the body arrives whole', async () => {
    smtp = await startSmtpServer();
    const text = 'Your code is 123456.\n.A line that starts with a dot\nرمزك هو 123456';
    await sendMail({ url: smtp.url('mailer:p%40ss@') }, { from: 'FoodPilot <no-reply@foodpilot.test>', to: 'sam@example.test', subject: 'رمز الدخول', text });
    expect(smtp.messages).toHaveLength(1);
    const [message] = smtp.messages;
    expect(message).toMatchObject({ from: 'MAIL FROM:<no-reply@foodpilot.test>', to: 'RCPT TO:<sam@example.test>', auth: 'PLAIN mailer:p@ss' });
    const [headers = '', body = ''] = message!.data.split('\r\n\r\n');
    expect(headers).toContain('Subject: =?UTF-8?B?');
    expect(headers).toContain('To: sam@example.test');
    expect(Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(text.replace(/\n/g, '\r\n'));
  });

  it('uses AUTH LOGIN when that is all the server offers', async () => {
    smtp = await startSmtpServer({ mechanisms: 'LOGIN' });
    await sendMail({ url: smtp.url('u:secret@') }, { from: 'a@b.test', to: 'c@d.test', subject: 'Hi', text: 'Hello' });
    expect(smtp.messages[0]?.auth).toBe('LOGIN u:secret');
  });

  it("rejects with the server's words when it refuses the message", async () => {
    smtp = await startSmtpServer({ rejectRecipient: true });
    await expect(sendMail({ url: smtp.url() }, { from: 'a@b.test', to: 'nobody@d.test', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/550/);
  });

  it('rejects when nothing listens, and refuses other URL schemes', async () => {
    const closed = await startSmtpServer();
    const url = closed.url();
    await closed.close();
    smtp = await startSmtpServer();
    await expect(sendMail({ url, timeoutMs: 2000 }, { from: 'a@b.test', to: 'c@d.test', subject: 'Hi', text: 'x' })).rejects.toThrow();
    await expect(sendMail({ url: 'http://127.0.0.1:25' }, { from: 'a@b.test', to: 'c@d.test', subject: 'Hi', text: 'x' })).rejects.toThrow(/smtp/);
  });
});

describe('Twilio SMS', () => {
  it('posts To, From and Body with basic auth to the Messages resource', async () => {
    const twilio = await startHttpServer(() => ({ status: 201, body: { sid: 'SM1' } }));
    try {
      await twilioSms({ accountSid: 'AC123', authToken: 'secret', from: '+15550001111', apiUrl: twilio.url }).send({ to: '+14125550104', body: 'Code 123456' });
      const [request] = twilio.requests;
      expect(request).toMatchObject({ method: 'POST', path: '/2010-04-01/Accounts/AC123/Messages.json' });
      expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret').toString('base64')}`);
      expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({ To: '+14125550104', From: '+15550001111', Body: 'Code 123456' });
    } finally {
      await twilio.close();
    }
  });

  it('rejects when Twilio refuses', async () => {
    const twilio = await startHttpServer(() => ({ status: 400, body: { message: 'The To number is not valid' } }));
    try {
      const sms = twilioSms({ accountSid: 'AC1', authToken: 't', from: '+1555', apiUrl: twilio.url });
      await expect(sms.send({ to: '+1', body: 'x' })).rejects.toThrow(/400.*not valid/);
    } finally {
      await twilio.close();
    }
  });
});

describe('FCM over HTTP v1', () => {
  let fcm: Awaited<ReturnType<typeof startFcmServer>>;
  beforeAll(async () => {
    fcm = await startFcmServer();
  });
  afterAll(async () => {
    await fcm?.close();
  });

  it('signs a service-account JWT, caches the access token, and sends title, body and data', async () => {
    const push = fcmPush({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.url });
    const before = fcm.tokensIssued();
    expect(await push.send({ token: 'device-1', title: 'Hi', body: 'There', data: { order: 'A1' } })).toEqual({ ok: true });
    expect(await push.send({ token: 'device-2', title: 'Hi', body: 'Again', data: {} })).toEqual({ ok: true });
    expect(fcm.tokensIssued() - before).toBe(1);
    expect(fcm.jwtProblems).toEqual([]);
    const sent = JSON.parse(fcm.sends().at(-2)?.body ?? '{}') as { message: unknown };
    expect(sent.message).toEqual({
      token: 'device-1',
      notification: { title: 'Hi', body: 'There' },
      data: { order: 'A1' },
      webpush: { notification: { title: 'Hi', body: 'There' } },
    });
  });

  it('says a token is gone when FCM answers UNREGISTERED, and retries once with a fresh token on a 401', async () => {
    const push = fcmPush({ serviceAccount: fcm.serviceAccount, apiUrl: fcm.url });
    const gone = await push.send({ token: 'gone-token', title: 'x', body: 'y', data: {} });
    expect(gone).toMatchObject({ ok: false, tokenGone: true });
    fcm.rejectNextSend();
    const before = fcm.tokensIssued();
    expect(await push.send({ token: 'device-3', title: 'x', body: 'y', data: {} })).toEqual({ ok: true });
    expect(fcm.tokensIssued() - before).toBe(1);
  });

  it('a service account loads from a file or from JSON text, and a bad one is refused', async () => {
    const dir = await createTestDataDir();
    const file = path.join(dir, 'service-account.json');
    fs.writeFileSync(file, JSON.stringify({ ...fcm.serviceAccount, token_uri: undefined }));
    expect(loadServiceAccount(file)).toMatchObject({ project_id: 'demo-project', token_uri: 'https://oauth2.googleapis.com/token' });
    expect(loadServiceAccount(JSON.stringify(fcm.serviceAccount)).token_uri).toBe(fcm.serviceAccount.token_uri);
    expect(() => loadServiceAccount('{"project_id": "x"}')).toThrow(/client_email/);
    expect(() => loadServiceAccount('{not json')).toThrow(/JSON/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('messaging configuration from the environment', () => {
  it('defaults every channel to the development outbox', () => {
    expect(messagingConfigFromEnv({})).toEqual(DEV_MESSAGING);
    expect(usesOnlyDevOutbox(messagingConfigFromEnv({}))).toBe(true);
  });

  it('chooses real transports per channel and refuses half a configuration', () => {
    const config = messagingConfigFromEnv({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'Shop <shop@example.com>' });
    expect(config.email).toEqual({ kind: 'smtp', url: 'smtps://u:p@mail.example.com', from: 'Shop <shop@example.com>' });
    expect(config.sms.kind).toBe('dev-outbox');
    expect(usesOnlyDevOutbox(config)).toBe(false);
    expect(messagingConfigFromEnv({ TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't', TWILIO_FROM: '+1555' }).sms).toMatchObject({
      kind: 'twilio',
      apiUrl: 'https://api.twilio.com',
    });
    expect(() => messagingConfigFromEnv({ TWILIO_ACCOUNT_SID: 'AC1' })).toThrow(/TWILIO_AUTH_TOKEN, TWILIO_FROM/);
    expect(() => messagingConfigFromEnv({ SMTP_URL: 'http://mail.example.com' })).toThrow(/smtp/);
    expect(() => messagingConfigFromEnv({ FCM_SERVICE_ACCOUNT: '{}' })).toThrow(/project_id/);
  });
});

// ---------------------------------------------------------------------------
// Wired into the app
// ---------------------------------------------------------------------------

async function appWith(kind: TestDatabaseKind, options: { messaging?: MessagingConfig; production?: boolean }) {
  const database = await createTestDatabase(kind);
  const app = await buildApp({ ...testConfig(database), ...options });
  await seedDemo(app.db, database.dataDir);
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

describe.each(testDatabases())('transports in the app on $kind', ({ kind }) => {
  let smtp: SmtpStandIn;
  let twilio: HttpStandIn;
  let fcm: Awaited<ReturnType<typeof startFcmServer>>;
  let real: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The SMS provider is down: sending a code fails.
    twilio = await startHttpServer(() => ({ status: 503, body: { message: 'maintenance' } }));
    fcm = await startFcmServer();
    real = await appWith(kind, {
      messaging: {
        email: { kind: 'smtp', url: smtp.url(), from: 'FoodPilot <no-reply@foodpilot.test>' },
        sms: { kind: 'twilio', accountSid: 'AC1', authToken: 't', from: '+15550001111', apiUrl: twilio.url },
        push: { kind: 'fcm', serviceAccount: fcm.serviceAccount, apiUrl: fcm.url },
      },
    });
  });
  afterAll(async () => {
    await real?.close();
    await Promise.all([smtp?.close(), twilio?.close(), fcm?.close()]);
  });

  it('a password-reset code goes out by SMTP, and works', async () => {
    const before = smtp.messages.length;
    const response = await callAs(real.app, 'send-password-reset-mail', { email: 'customer@foodpilot.test' });
    expect(response.statusCode).toBe(200);
    // The answer does not wait for the mail server (its time would tell an unknown address from a known one).
    await vi.waitFor(() => expect(smtp.messages.length).toBeGreaterThan(before), { timeout: 5000 });
    const data = smtp.messages.at(-1)?.data ?? '';
    const body = Buffer.from(data.split('\r\n\r\n')[1]?.replace(/\r\n/g, '') ?? '', 'base64').toString('utf8');
    const code = body.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect((await callAs(real.app, 'verify-password-reset-otp', { email: 'customer@foodpilot.test', code })).statusCode).toBe(200);
  });

  it('a code the SMS provider refuses is a 503 MESSAGE_NOT_SENT, and the code is withdrawn', async () => {
    const phone = '+15557654321';
    const response = await callAs(real.app, 'send-otp', { phone });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: 'MESSAGE_NOT_SENT' });
    expect(twilio.requests.length).toBeGreaterThan(0);
    expect(await real.app.db.selectFrom('one_time_codes').selectAll().where('recipient', '=', phone).execute()).toEqual([]);
  });

  it('alerts are pushed through FCM; a token FCM calls gone is forgotten', async () => {
    const customer = await registerCustomer(real.app);
    for (const pushToken of ['good-token', 'gone-token']) {
      await callAs(real.app, 'save-notification-token', { token: customer.token, user_id: customer.id, push_token: pushToken });
    }
    const alert = await real.app.notificationsRepository.notifyUser(customer.id, { title: 'Ready', message: 'Come and get it', data: { orderstatus_id: 7 } });
    await real.app.pushDispatcher.drain();
    const delivered = fcm.sends().map((request) => JSON.parse(request.body) as { message: { token: string; data: Record<string, string> } });
    expect(delivered.find((sent) => sent.message.token === 'good-token')?.message.data).toEqual({ orderstatus_id: '7', notification_id: String(alert.id) });
    expect(await real.app.notificationsRepository.pushTokensOf(customer.id)).toEqual(['good-token']);
    const row = await real.app.db.selectFrom('notifications').select('push_state').where('id', '=', alert.id).executeTakeFirstOrThrow();
    expect(row.push_state).toBe('sent');
  });

  it('with a real transport configured, the development outbox route does not exist', async () => {
    expect((await real.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH })).statusCode).toBe(404);
  });

  it('in production, it does not exist either, even with no real transport', async () => {
    const production = await appWith(kind, { production: true });
    try {
      expect(production.app.accounts.devOutboxRoute).toBe(false);
      expect((await production.app.inject({ method: 'GET', url: DEV_OUTBOX_PATH })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});
