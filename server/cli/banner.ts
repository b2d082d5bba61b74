/** What `npm start` and `npm run dev` print once the server is up. */
import path from 'node:path';
import { SQLITE_FILE_NAME, type AppConfig } from '../config.ts';
import { DEV_MESSAGING } from '../messaging/config.ts';
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
    ...outboxLines(config),
    '',
    '  Demo accounts (role, e-mail, password):',
    ...accounts,
    '',
    '  Stop with Ctrl+C.',
    '',
  ].join('\n');
}

/** Where a newcomer finds the sign-in codes while no real SMS or e-mail transport is configured. */
function outboxLines(config: AppConfig): string[] {
  const messaging = config.messaging ?? DEV_MESSAGING;
  const channels = (['sms', 'email', 'push'] as const).filter((channel) => messaging[channel].kind === 'dev-outbox');
  if (channels.length === 0) return [];
  return [
    `  Development outbox:   ${channels.join(', ')} messages are not sent: each is printed below as "[dev ${channels[0]}] to …"`,
    `                        and kept in ${path.join(config.dataDir, 'outbox')}/`,
  ];
}
