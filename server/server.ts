/**
 * Starts the app for real: migrate (in buildApp), seed the demo city on an
 * empty database, listen, and close cleanly on SIGINT/SIGTERM. Used by
 * `npm start` and `npm run dev`.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { seedDemo, type SeedResult } from './seed/seed-demo.ts';

export interface RunningServer {
  app: FastifyInstance;
  /** The address to open, e.g. http://127.0.0.1:8080. */
  url: string;
  seed: SeedResult;
}

export async function startServer(config: AppConfig): Promise<RunningServer> {
  const app = await buildApp(config);
  try {
    await app.ready();
    const seed = await seedDemo(app.db, config.dataDir);
    await app.listen({ port: config.port, host: config.host });
    return { app, url: publicUrl(config.host, listeningPort(app, config.port)), seed };
  } catch (error) {
    await app.close();
    throw error;
  }
}

function listeningPort(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : fallback;
}

/** 0.0.0.0 is where the server listens, not an address a browser can open. */
export function publicUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

/** Closes on the first SIGINT/SIGTERM; a second one exits at once. */
export function closeOnSignals(close: () => Promise<void>, log: (message: string) => void = console.log): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    log(`\n${signal}: shutting down…`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
