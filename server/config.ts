/**
 * Server configuration from the environment, with defaults that are safe on a
 * developer machine: loopback only, data under ./data, the build under ./dist.
 * Two instances with different PORT and DATA_DIR run side by side.
 */
import path from 'node:path';
import { messagingConfigFromEnv, type MessagingConfig } from './messaging/config.ts';
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments/config.ts';

export interface AppConfig {
  port: number;
  /** 127.0.0.1 by default; 0.0.0.0 to reach the server from a phone on the LAN. */
  host: string;
  /** Holds the SQLite file, generated images and the development outboxes. */
  dataDir: string;
  /** A postgres:// URL switches the database from SQLite to PostgreSQL. */
  databaseUrl: string | undefined;
  /** The Vite build the server serves (index.html, sw.js, assets/). */
  distDir: string;
  /** Fastify log level; tests pass 'silent'. */
  logLevel: string;
  /** Reverse geocoding: the offline gazetteer (default) or 'nominatim' (online, gazetteer as fallback). */
  geocoder?: 'offline' | 'nominatim' | undefined;
  /** The online geocoder's base URL (a self-hosted Nominatim); default the public OpenStreetMap instance. */
  geocoderUrl?: string | undefined;
  /** SMS, e-mail and push transports (accounts); the development outbox when absent. */
  messaging?: MessagingConfig | undefined;
  /** NODE_ENV=production: development-only routes (the dev outbox) are never served. */
  production?: boolean | undefined;
  /** Online payment gateways' credentials (STRIPE_*, RAZORPAY_*, …); none configured when absent. */
  payments?: PaymentsConfig | undefined;
}

export const SQLITE_FILE_NAME = 'foodpilot.sqlite';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  return {
    port: parsePort(env.PORT),
    host: nonEmpty(env.HOST) ?? '127.0.0.1',
    dataDir: path.resolve(cwd, nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    distDir: path.resolve(cwd, nonEmpty(env.DIST_DIR) ?? 'dist'),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    geocoder: nonEmpty(env.GEOCODER) === 'nominatim' ? 'nominatim' : 'offline',
    geocoderUrl: nonEmpty(env.GEOCODER_URL),
    messaging: messagingConfigFromEnv(env),
    production: env.NODE_ENV === 'production',
    payments: paymentsConfigFromEnv(env),
  };
}

export function imagesDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'images');
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parsePort(value: string | undefined): number {
  const text = nonEmpty(value);
  if (text === undefined) return 8080;
  const port = Number(text);
  // Port 0 is allowed: the OS picks a free port (tests use it).
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${text}"`);
  }
  return port;
}
