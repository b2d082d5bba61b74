/**
 * The nearby-store engine (server/nearby/nearby-engine.ts) as `app.nearbyStores`:
 * built before the server listens, stopped before the database closes.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { NearbyEngine } from './nearby-engine.ts';

declare module 'fastify' {
  interface FastifyInstance {
    nearbyStores: NearbyEngine;
  }
}

async function nearbyPlugin(app: FastifyInstance): Promise<void> {
  const engine = new NearbyEngine(app, { writes: app.dbWrites, log: app.log });
  app.decorate('nearbyStores', engine);
  app.addHook('onReady', async () => {
    await engine.start();
  });
  app.addHook('onClose', async () => {
    await engine.close();
  });
}

export default fp(nearbyPlugin, { name: 'nearby', dependencies: ['database'] });
