/**
 * Auth tokens: 32 random bytes, base64url, handed to the client once at
 * login; the database keeps only their SHA-256, so a leaked table signs no
 * one in. (The idempotency plugin scopes keys by the same hash.)
 */
import { createHash, randomBytes } from 'node:crypto';

export const TOKEN_LIFETIME_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function tokenExpiry(now: Date = new Date()): Date {
  return new Date(now.getTime() + TOKEN_LIFETIME_DAYS * DAY_MS);
}
