/**
 * A first visit on a phone, as most customer tests begin: a fresh browser
 * context, home opened, the replica filled and the popular-locations sheet a
 * first visit opens closed (the primary location stays the address).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { CustomerApp } from '../page-models/customer-app.ts';
import { OrderingPages } from '../page-models/ordering-pages.ts';
import { PHONE, newContext } from './browser.ts';
import type { BrowserAndServer } from './suite.ts';

export interface FirstVisit {
  context: BrowserContext;
  app: CustomerApp;
  page: Page;
  ordering: OrderingPages;
}

export async function firstVisitOnPhone(suite: BrowserAndServer, viewport: { width: number; height: number } = PHONE): Promise<FirstVisit> {
  const context = await newContext(suite.browser, { viewport });
  const app = new CustomerApp(await context.newPage(), suite.server.url);
  await app.open('/');
  await app.waitForReplica();
  await app.dismissLocationSheet();
  return { context, app, page: app.page, ordering: new OrderingPages(app.page) };
}
