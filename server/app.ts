/**
 * The application, assembled like fastify/demo: external plugins, then the
 * app's own plugins (database and repositories, error handling,
 * idempotency), then routes. buildApp does not listen; the CLI and the
 * tests decide that.
 */
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../src/api/paths.ts';
import { DEFAULT_SHUTDOWN_GRACE_MS, imagesDir, sizedImagesDir, type AppConfig } from './config.ts';
import accountsPlugin from './account/accounts-plugin.ts';
import compressionPlugin from './plugins/compression.ts';
import databasePlugin from './plugins/database.ts';
import errorHandlerPlugin from './http/error-handler.ts';
import externalPlugins from './plugins/external.ts';
import geocoderPlugin from './geo/geocoder-plugin.ts';
import hostileInputPlugin from './plugins/hostile-input.ts';
import idempotencyPlugin from './http/idempotency.ts';
import imageStorePlugin from './uploads/image-store-plugin.ts';
import metricsPlugin from './plugins/metrics.ts';
import nearbyPlugin from './nearby/nearby-plugin.ts';
import redisPlugin from './plugins/redis.ts';
import orderEventsBusPlugin from './orders/order-events-bus.ts';
import orderLifecyclePlugin from './orders/lifecycle-plugin.ts';
import paymentsPlugin from './payments/plugin.ts';
import securityHeadersPlugin from './plugins/security-headers.ts';
import shutdownPlugin from './plugins/shutdown.ts';
import uploadCleanupPlugin from './uploads/upload-cleanup.ts';
import apiRoutes from './routes/api/index.ts';
import healthRoute from './routes/health.ts';
import manifestRoute from './routes/manifest.ts';
import orderEventsRoute from './orders/order-events-route.ts';
import storeOrderEventsRoute from './admin/orders/store-order-events-route.ts';
import sizedImages from './routes/sized-images.ts';
import uploadedImageFiles from './routes/uploaded-image-files.ts';
import staticFiles from './routes/static-files.ts';
import { firstVisitHomeSlideImage } from './catalog/promo-slides.ts';
import versionRoute from './routes/version.ts';

/** API bodies are small JSON; anything past this is a mistake or an attack. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /**
   * Registers extra routes after the app's own and before it is ready: tests
   * use it for routes that throw or write, to exercise the shared plugins.
   */
  register?: ((app: FastifyInstance) => void | Promise<void>) | undefined;
  /**
   * Where the development outbox prints each message (one readable line);
   * default the console, or nowhere when the log level is 'silent'.
   */
  printDevMessage?: ((line: string) => void) | undefined;
  /** The time sign-in lockouts and the message budget count by; tests move it instead of sleeping. */
  clock?: (() => Date) | undefined;
}

/** The development outbox's lines go to stdout like a console mailer's, whatever the log level but 'silent'. */
function defaultDevMessagePrinter(config: AppConfig): ((line: string) => void) | undefined {
  return config.logLevel === 'silent' ? undefined : (line) => process.stdout.write(`${line}\n`);
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    // Who may say, in X-Forwarded-*, which protocol and address a request came from (TRUST_PROXY).
    trustProxy: config.trustProxy ?? false,
    // While closing, plugins/shutdown.ts answers new requests 503 in the API's { message, code } shape.
    return503OnClosing: false,
    ajv: {
      customOptions: {
        // Unknown fields fail where a schema says additionalProperties: false,
        // instead of being dropped silently; types are never coerced.
        removeAdditional: false,
        coerceTypes: false,
        allErrors: true,
      },
    },
  });
  try {
    fs.mkdirSync(imagesDir(config), { recursive: true });
    await app.register(errorHandlerPlugin);
    await app.register(shutdownPlugin, { graceMs: config.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS });
    // Before every other plugin and route: they inherit its JSON parser (depth bound) and NUL refusal.
    await app.register(hostileInputPlugin);
    // Before every route: its onRoute hook compresses the routes registered after it.
    await app.register(compressionPlugin);
    await app.register(databasePlugin, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    // Right after the database: its onResponse hook counts every route registered after it.
    await app.register(metricsPlugin, { token: config.metricsToken });
    await app.register(nearbyPlugin);
    // Before the rate limiter: with REDIS_URL its counts are kept there, shared by every process.
    await app.register(redisPlugin, { url: config.redisUrl, keyPrefix: config.redisKeyPrefix });
    await app.register(externalPlugins);
    await app.register(geocoderPlugin, { kind: config.geocoder, baseUrl: config.geocoderUrl });
    await app.register(idempotencyPlugin);
    // Uploaded pictures: the S3 bucket every process shares (S3_BUCKET), else DATA_DIR/images.
    await app.register(imageStorePlugin, { imagesDir: imagesDir(config), s3: config.s3 });
    await app.register(accountsPlugin, {
      dataDir: config.dataDir,
      messaging: config.messaging,
      production: config.production,
      devOutboxHttp: config.devOutboxHttp,
      host: config.host,
      printDevMessage: options.printDevMessage ?? defaultDevMessagePrinter(config),
      clock: options.clock,
    });
    await app.register(orderLifecyclePlugin);
    // On PostgreSQL, the order-events of every server process on the database reach this one's streams, and this one's theirs.
    await app.register(orderEventsBusPlugin, { databaseUrl: config.databaseUrl });
    await app.register(paymentsPlugin, { config: config.payments });
    await app.register(securityHeadersPlugin, { distDir: config.distDir });
    await app.register(uploadCleanupPlugin);

    await app.register(apiRoutes, { prefix: API_PREFIX });
    await app.register(orderEventsRoute);
    await app.register(storeOrderEventsRoute);
    await app.register(healthRoute);
    await app.register(versionRoute);
    await app.register(manifestRoute, { imagesDir: imagesDir(config) });
    // Before the static files: the uploads' folders come from the image store (local or S3), the rest of /public/images/ from DATA_DIR.
    await app.register(uploadedImageFiles);
    await app.register(sizedImages, { imagesDir: imagesDir(config), sizedDir: sizedImagesDir(config) });
    await app.register(staticFiles, {
      distDir: config.distDir,
      imagesDir: imagesDir(config),
      storeImage: (slug) => app.storesRepository.imageBySlug(slug),
      homeImage: () => firstVisitHomeSlideImage(app),
    });
    if (options.register) await app.register(async (scope) => options.register?.(scope));
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
