import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { DEXIE_MODULE_BUILD } from './vite.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [react()],
        // The same Dexie build as the app's (vite.config.ts). dexie-react-hooks is run through Vite
        // too, so its import of 'dexie' gets the same build: two Dexie copies would not see each other's writes.
        resolve: { alias: [DEXIE_MODULE_BUILD] },
        test: {
          name: 'unit',
          server: { deps: { inline: ['dexie-react-hooks'] } },
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
          // The worker's tests talk to a real server; on two busy cores (CI
          // runs files in parallel) a call can take longer than vitest's 5 s.
          testTimeout: 15_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One database per file; files run in parallel forks. Building an app on a fresh database
          // (migrate, seed, sign the cast in with scrypt) takes seconds on two busy cores.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
