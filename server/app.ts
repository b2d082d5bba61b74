/**
 * The application, assembled like fastify/demo: external plugins, then the
 * app's own plugins (database and repositories, error handling,
 * idempotency), then routes. buildApp does not listen; the CLI and the
 * tests decide that.
 */
import fs from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX } from '../src/api/index.ts';
import { imagesDir, type AppConfig } from './config.ts';
import accountsPlugin from './plugins/accounts.ts';
import databasePlugin from './plugins/database.ts';
import errorHandlerPlugin from './plugins/error-handler.ts';
import externalPlugins from './plugins/external.ts';
import geocoderPlugin from './plugins/geocoder.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import nearbyPlugin from './plugins/nearby.ts';
import orderLifecyclePlugin from './ordering/lifecycle-plugin.ts';
import paymentsPlugin from './payments/plugin.ts';
import apiRoutes from './routes/api/index.ts';
import healthRoute from './routes/health.ts';
import manifestRoute from './routes/manifest.ts';
import orderEventsRoute from './routes/order-events.ts';
import storeOrderEventsRoute from './routes/store-order-events.ts';
import staticFiles from './routes/static-files.ts';
import versionRoute from './routes/version.ts';

/** API bodies are small JSON; anything past this is a mistake or an attack. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface BuildAppOptions {
  /**
   * Registers extra routes after the app's own and before it is ready: tests
   * use it for routes that throw or write, to exercise the shared plugins.
   */
  register?: ((app: FastifyInstance) => void | Promise<void>) | undefined;
}

export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
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
    await app.register(databasePlugin, { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    await app.register(nearbyPlugin);
    await app.register(externalPlugins);
    await app.register(geocoderPlugin, { kind: config.geocoder, baseUrl: config.geocoderUrl });
    await app.register(idempotencyPlugin);
    await app.register(accountsPlugin, {
      dataDir: config.dataDir,
      imagesDir: imagesDir(config),
      messaging: config.messaging,
      production: config.production,
    });
    await app.register(orderLifecyclePlugin);
    await app.register(paymentsPlugin, { config: config.payments });

    await app.register(apiRoutes, { prefix: API_PREFIX });
    await app.register(orderEventsRoute);
    await app.register(storeOrderEventsRoute);
    await app.register(healthRoute);
    await app.register(versionRoute);
    await app.register(manifestRoute);
    await app.register(staticFiles, { distDir: config.distDir, imagesDir: imagesDir(config) });
    if (options.register) await app.register(async (scope) => options.register?.(scope));
    return app;
  } catch (error) {
    await app.close();
    throw error;
  }
}
