/** What `npm start` and `npm run dev` print once the server is up. */
import path from 'node:path';
import { SQLITE_FILE_NAME, type AppConfig } from '../config.ts';
import { formatDemoAccounts } from '../seed/demo-accounts.ts';
import type { SeedResult } from '../seed/seed-demo.ts';

/** Where the data lives, with any password in the URL hidden. */
export function describeDatabase(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return `SQLite, ${path.join(config.dataDir, SQLITE_FILE_NAME)}`;
  try {
    const url = new URL(config.databaseUrl);
    if (url.password) url.password = '***';
    return `PostgreSQL, ${url.toString()}`;
  } catch {
    return 'PostgreSQL';
  }
}

export function startBanner(options: { appUrl: string; apiUrl: string; config: AppConfig; seed: SeedResult }): string {
  const { appUrl, apiUrl, config, seed } = options;
  const accounts = formatDemoAccounts(seed.accounts)
    .split('\n')
    .map((line) => `    ${line}`);
  return [
    '',
    `  FoodPilot is running: ${appUrl}`,
    `  API docs:             ${apiUrl}/docs`,
    `  Database:             ${describeDatabase(config)}`,
    `  Data folder:          ${config.dataDir}`,
    ...(seed.seeded ? ['  The demo city of Riverton was just created.'] : []),
    '',
    '  Demo accounts (role, e-mail, password):',
    ...accounts,
    '',
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}
