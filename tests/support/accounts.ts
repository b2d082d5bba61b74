/**
 * Helpers for account tests: calls from a chosen client address (each test
 * its own, so the per-address rate limits of one test do not trip another),
 * the development outbox, codes read from it, fresh customers, and tiny
 * images of each type.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DevOutbox, DevOutboxMessage, LoginResult } from '../../src/api/account/entities.ts';
import { DEV_OUTBOX_PATH, type OutboxChannel } from '../../src/api/account/limits.ts';
import { callPath, type CallName } from '../../src/api/calls.ts';
import { API_PREFIX } from '../../src/api/paths.ts';

/** A random client address in 10.0.0.0/8. */
export function randomIp(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export function callAs(
  app: FastifyInstance,
  name: CallName,
  payload: unknown = {},
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${callPath(name)}`,
    payload: payload as object,
    remoteAddress: options.ip ?? randomIp(),
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

export function uniquePhone(): string {
  return `+1555${String(randomInt(10_000_000)).padStart(7, '0')}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.test`;
}

export async function outboxOf(app: FastifyInstance, query: { to?: string; channel?: OutboxChannel } = {}): Promise<DevOutboxMessage[]> {
  const response = await app.inject({ method: 'GET', url: DEV_OUTBOX_PATH, query });
  if (response.statusCode !== 200) throw new Error(`dev outbox answered ${response.statusCode}: ${response.body}`);
  return response.json<DevOutbox>().messages;
}

/** The code in the newest message to a phone or e-mail address. */
export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await outboxOf(app, { to });
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No code was sent to ${to}`);
  return code;
}

export interface NewCustomer {
  id: number;
  token: string;
  email: string;
  phone: string;
  password: string;
}

/** Registers a customer through the API (from its own address) and answers its session. */
export async function registerCustomer(app: FastifyInstance, name = 'Test Customer'): Promise<NewCustomer> {
  const email = uniqueEmail();
  const phone = uniquePhone();
  const password = 'correct-horse';
  const response = await callAs(app, 'register', { name, email, phone, password });
  if (response.statusCode !== 200) throw new Error(`register answered ${response.statusCode}: ${response.body}`);
  const { data } = response.json<LoginResult>();
  return { id: data.id, token: data.auth_token, email, phone, password };
}

/** Real 1×1 pictures (the server decodes and re-encodes every upload), made with sharp. */
const TINY_IMAGES = {
  png: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWN4ESANAAN3AVRqZe/+AAAAAElFTkSuQmCC',
  jpeg:
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABgf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCMAEVt/9k=',
  webp: 'UklGRh4AAABXRUJQVlA4TBEAAAAvAAAAAAdQqKJ3o/+BiOh/AAA=',
} as const;

/**
 * A real picture of the type (a 1×1 image a decoder reads; 'gif' only starts
 * like one, for the type checks), followed by filler bytes up to `size`: the
 * server's size and type checks see `size` bytes, its decoder a valid image.
 */
export function imageBytes(type: 'png' | 'jpeg' | 'webp' | 'gif', size = 64): Buffer {
  const head = type === 'gif' ? Buffer.from('GIF89a') : Buffer.from(TINY_IMAGES[type], 'base64');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
}

export function dataUrl(bytes: Buffer, mime = 'image/png'): string {
  return `data:${mime};base64,${bytes.toString('base64')}`;
}
