/**
 * A small SMTP client on node:net and node:tls, enough to hand one plain-text
 * message to a mail server (RFC 5321): `smtps://` speaks TLS from the start
 * (port 465), `smtp://` upgrades with STARTTLS when the server offers it
 * (port 587). Credentials in the URL are sent with AUTH PLAIN (or LOGIN),
 * never in the clear except to a server on this machine.
 *
 *   SMTP_URL=smtps://user:password@mail.example.com
 */
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  /** e.g. `FoodPilot <no-reply@example.com>` or a bare address. */
  from: string;
  to: string;
  subject: string;
  text: string;
}

export interface SmtpOptions {
  /** smtp://[user:password@]host[:port] or smtps://… */
  url: string;
  timeoutMs?: number;
  /** Extra TLS options (tests pass their own certificate authority). */
  tls?: tls.ConnectionOptions;
}

interface Reply {
  code: number;
  lines: string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export function parseSmtpUrl(url: string): { secure: boolean; host: string; port: number; user?: string; password?: string } {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${parsed.protocol}`);
  }
  if (!parsed.hostname) throw new Error('SMTP_URL has no host');
  const secure = parsed.protocol === 'smtps:';
  return {
    secure,
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    ...(parsed.username ? { user: decodeURIComponent(parsed.username) } : {}),
    ...(parsed.password ? { password: decodeURIComponent(parsed.password) } : {}),
  };
}

/** The address inside `Name <address>`, or the text itself. */
export function addressOf(mailbox: string): string {
  return (mailbox.match(/<([^<>]+)>\s*$/)?.[1] ?? mailbox).trim();
}

/** Hands the message to the server; rejects with the server's words when it refuses. */
export async function sendMail(options: SmtpOptions, message: MailMessage): Promise<void> {
  const target = parseSmtpUrl(options.url);
  const timeoutMs = options.timeoutMs ?? 20_000;
  const servername = net.isIP(target.host) ? undefined : target.host;
  const socket = target.secure
    ? tls.connect({ host: target.host, port: target.port, ...(servername ? { servername } : {}), ...options.tls })
    : net.connect({ host: target.host, port: target.port });
  let session = new SmtpSession(socket, timeoutMs);
  try {
    await session.expect(220);
    let capabilities = await session.hello();
    let encrypted = target.secure;
    if (!encrypted && capabilities.has('STARTTLS')) {
      await session.command('STARTTLS', 220);
      session = await session.upgrade({ ...(servername ? { servername } : {}), ...options.tls });
      encrypted = true;
      capabilities = await session.hello();
    }
    if (target.user !== undefined) {
      if (!encrypted && !LOOPBACK.has(target.host)) {
        throw new Error(`${target.host} offers no STARTTLS: refusing to send the SMTP password in the clear`);
      }
      await session.authenticate(target.user, target.password ?? '', capabilities);
    }
    await session.command(`MAIL FROM:<${addressOf(message.from)}>`, 250);
    await session.command(`RCPT TO:<${addressOf(message.to)}>`, [250, 251]);
    await session.command('DATA', 354);
    await session.command(formatMessage(message), 250);
    await session.command('QUIT', 221).catch(() => undefined);
  } finally {
    session.close();
  }
}

/** Headers and a base64 body: UTF-8 text (Arabic too) passes any server, and no line can start with a dot. */
export function formatMessage(message: MailMessage, now: Date = new Date()): string {
  const clean = (value: string) => value.replace(/[\r\n]+/g, ' ');
  const domain = addressOf(message.from).split('@')[1] ?? 'localhost';
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64').replace(/.{1,76}/g, '$&\r\n');
  return [
    `From: ${clean(message.from)}`,
    `To: ${clean(message.to)}`,
    `Subject: ${encodeHeader(clean(message.subject))}`,
    `Date: ${now.toUTCString()}`,
    `Message-ID: <${randomUUID()}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    `${body}.`,
  ].join('\r\n');
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** One connection: sends command lines, reads (multi-line) replies in order. */
class SmtpSession {
  private buffer = '';
  private replies: Reply[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;
  private partial: string[] = [];
  private readonly onData = (chunk: Buffer) => this.receive(chunk.toString('utf8'));
  private readonly onError = (error: Error) => this.fail(error);
  private readonly onClose = () => this.fail(new Error('The SMTP server closed the connection'));
  private readonly onTimeout = () => {
    this.fail(new Error('The SMTP server did not answer in time'));
    this.socket.destroy();
  };

  constructor(
    private readonly socket: net.Socket,
    private readonly timeoutMs: number,
  ) {
    socket.setTimeout(timeoutMs);
    socket.on('data', this.onData);
    socket.on('error', this.onError);
    socket.on('close', this.onClose);
    socket.on('timeout', this.onTimeout);
  }

  async hello(): Promise<Set<string>> {
    const reply = await this.command(`EHLO ${os.hostname() || 'localhost'}`, 250);
    // The first line greets; each further line names an extension, e.g. "AUTH PLAIN LOGIN".
    return new Set(reply.lines.slice(1).flatMap((line) => {
      const words = line.toUpperCase().split(/\s+/);
      return words[0] === 'AUTH' ? ['AUTH', ...words.slice(1).map((mechanism) => `AUTH ${mechanism}`)] : [words[0] ?? ''];
    }));
  }

  async authenticate(user: string, password: string, capabilities: Set<string>): Promise<void> {
    if (capabilities.has('AUTH PLAIN') || !capabilities.has('AUTH LOGIN')) {
      await this.command(`AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`, 'utf8').toString('base64')}`, 235);
      return;
    }
    await this.command('AUTH LOGIN', 334);
    await this.command(Buffer.from(user, 'utf8').toString('base64'), 334);
    await this.command(Buffer.from(password, 'utf8').toString('base64'), 235);
  }

  async expect(codes: number | number[]): Promise<Reply> {
    const reply = await this.next();
    const wanted = Array.isArray(codes) ? codes : [codes];
    if (!wanted.includes(reply.code)) {
      throw new Error(`The SMTP server answered ${reply.code}: ${reply.lines.join(' ')}`);
    }
    return reply;
  }

  async command(line: string, codes: number | number[]): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(codes);
  }

  /** STARTTLS: the same socket, now encrypted; a new session reads from it. */
  async upgrade(options: tls.ConnectionOptions): Promise<SmtpSession> {
    this.detach();
    const secure = tls.connect({ ...options, socket: this.socket });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', () => resolve());
      secure.once('error', reject);
    });
    return new SmtpSession(secure, this.timeoutMs);
  }

  close(): void {
    this.detach();
    this.socket.destroy();
  }

  private detach(): void {
    this.socket.off('data', this.onData);
    this.socket.off('error', this.onError);
    this.socket.off('close', this.onClose);
    this.socket.off('timeout', this.onTimeout);
    // Errors after we let go (e.g. a reset on destroy) must not crash the process.
    this.socket.on('error', () => undefined);
  }

  private next(): Promise<Reply> {
    const ready = this.replies.shift();
    if (ready) return Promise.resolve(ready);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
    });
  }

  private receive(text: string): void {
    this.buffer += text;
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!match) continue;
      this.partial.push(match[3] ?? '');
      if (match[2] === '-') continue;
      this.deliver({ code: Number(match[1]), lines: this.partial });
      this.partial = [];
    }
  }

  private deliver(reply: Reply): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    if (waiting) waiting.resolve(reply);
    else this.replies.push(reply);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}
