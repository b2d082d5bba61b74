/**
 * One headless Chromium and one real server (fresh database) for an e2e test
 * file, started before its tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer, type TestServerOptions } from '../../support/test-server.ts';
import { launchBrowser } from './browser.ts';

export interface BrowserAndServer {
  browser: Browser;
  server: TestServer;
}

export function useBrowserAndServer(serverOptions: () => Promise<TestServerOptions> | TestServerOptions = () => ({})): BrowserAndServer {
  const suite = {} as BrowserAndServer;
  beforeAll(async () => {
    const options = await serverOptions();
    [suite.browser, suite.server] = await Promise.all([launchBrowser(), startTestServer(options)]);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.close();
  });
  return suite;
}
