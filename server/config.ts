/**
 * Server configuration from the environment, with defaults that are safe on a
 * developer machine: loopback only, data under ./data, the build under ./dist.
 * Two instances with different PORT and DATA_DIR run side by side.
 */
import path from 'node:path';
import { messagingConfigFromEnv, type MessagingConfig } from './messaging/config.ts';
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments/config.ts';
import type { S3ImageStoreConfig } from './uploads/s3-image-store.ts';

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
  /**
   * DEV_OUTBOX_HTTP=1: serve GET /public/api/dev/outbox (the development
   * outbox's messages, one-time codes included) to loopback callers. Off by
   * default; never in production, never while HOST is not a loopback address
   * (account/accounts-plugin.ts). `npm run dev` and the tests turn it on.
   */
  devOutboxHttp?: boolean | undefined;
  /** Online payment gateways' credentials (STRIPE_*, RAZORPAY_*, …); none configured when absent. */
  payments?: PaymentsConfig | undefined;
  /**
   * TRUST_PROXY: which reverse proxy may tell, in X-Forwarded-For/-Proto/-Host,
   * the client's address and that the request came over HTTPS (then, and only
   * then, Strict-Transport-Security is sent). Fastify's trustProxy: false
   * (default: trust no one), true (any hop: only when nothing but the proxy
   * can reach the server), a number of hops, or addresses and CIDR ranges
   * ('127.0.0.1', '10.0.0.0/8, ::1', 'loopback').
   */
  trustProxy?: boolean | string | ((address: string, hop: number) => boolean) | undefined;
  /**
   * METRICS_TOKEN: who may read the Prometheus metrics at GET /metrics
   * (plugins/metrics.ts). Unset: only callers on this machine (loopback
   * address, no X-Forwarded-For/Forwarded/X-Real-IP), never the internet even
   * through a proxy on the same machine. Set: only requests with
   * `Authorization: Bearer <token>`, from any address (a scraper elsewhere).
   */
  metricsToken?: string | undefined;
  /**
   * REDIS_URL (redis://[user:password@]host:port[/db], rediss:// for TLS):
   * the Redis the server processes of a cluster share; the route-level rate
   * limits count there (plugins/redis.ts), so they hold across processes and
   * restarts. Unset: counted in this process's memory.
   */
  redisUrl?: string | undefined;
  /** REDIS_KEY_PREFIX: starts every key the app writes in Redis; default 'foodpilot:'. */
  redisKeyPrefix?: string | undefined;
  /**
   * S3_BUCKET (with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
   * S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE, S3_PREFIX): uploaded pictures
   * (profile pictures, catalogue images) go to this S3-compatible bucket,
   * which every server process shares (uploads/s3-image-store.ts). Unset:
   * the folder DATA_DIR/images.
   */
  s3?: S3ImageStoreConfig | undefined;
  /**
   * SHUTDOWN_GRACE_MS: how long a closing server lets the requests under way
   * finish (plugins/shutdown.ts); then every connection still open is cut, so
   * a client that connected and never asked, or a request that never ends,
   * cannot hold the exit. Default 10,000.
   */
  shutdownGraceMs?: number | undefined;
}

/** SHUTDOWN_GRACE_MS's default: well inside the 30 s a container runtime waits after SIGTERM. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

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
    devOutboxHttp: ['1', 'true'].includes(nonEmpty(env.DEV_OUTBOX_HTTP)?.toLowerCase() ?? ''),
    payments: paymentsConfigFromEnv(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    redisUrl: nonEmpty(env.REDIS_URL),
    redisKeyPrefix: nonEmpty(env.REDIS_KEY_PREFIX),
    s3: s3ConfigFromEnv(env),
    shutdownGraceMs: parseShutdownGrace(env.SHUTDOWN_GRACE_MS),
  };
}

/** The S3_* variables, when S3_BUCKET names a bucket. */
export function s3ConfigFromEnv(env: NodeJS.ProcessEnv): S3ImageStoreConfig | undefined {
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) return undefined;
  const prefix = nonEmpty(env.S3_PREFIX);
  return {
    bucket,
    endpoint: nonEmpty(env.S3_ENDPOINT),
    region: nonEmpty(env.S3_REGION),
    accessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID),
    secretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY),
    forcePathStyle: ['1', 'true'].includes(nonEmpty(env.S3_FORCE_PATH_STYLE)?.toLowerCase() ?? ''),
    // A folder of the bucket: always ends with '/'.
    prefix: prefix ? `${prefix.replace(/\/+$/, '')}/` : undefined,
  };
}

/** TRUST_PROXY: unset or 'false' trusts no proxy; 'true' every hop; a whole number that many hops; else addresses and CIDRs. */
export function parseTrustProxy(value: string | undefined): boolean | string | ((address: string, hop: number) => boolean) {
  const text = nonEmpty(value);
  if (text === undefined || text.toLowerCase() === 'false') return false;
  if (text.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => !/^[0-9A-Za-z.:/]+$/.test(entry))) {
    throw new Error(`TRUST_PROXY must be true, false, a number of hops or addresses/CIDR ranges separated by commas, got "${text}"`);
  }
  return entries.join(',');
}

export function imagesDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'images');
}

/** The pictures' copies at the widths screens show them (routes/sized-images.ts). */
export function sizedImagesDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'sized-images');
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseShutdownGrace(value: string | undefined): number {
  const text = nonEmpty(value);
  if (text === undefined) return DEFAULT_SHUTDOWN_GRACE_MS;
  const milliseconds = Number(text);
  if (!Number.isInteger(milliseconds) || milliseconds < 0) {
    throw new Error(`SHUTDOWN_GRACE_MS must be a whole number of milliseconds, got "${text}"`);
  }
  return milliseconds;
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
