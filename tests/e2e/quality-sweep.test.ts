/**
 * Issue 14's outside checks, inside the suite: every route of the customer
 * app, the driver area and the console (the list comes from the router, so a
 * new route without an entry here fails), visited as the person who uses it
 * (a guest, the demo customer with a cart and a placed order, the demo
 * driver, the administrator), in English and in Arabic (right to left). On
 * each screen, at 375 and 1280 px: axe-core finds no violation of any impact;
 * at 320, 375, 414 and 1280 px: the page is no wider than the viewport and no
 * fixed or sticky prompt sits over a visible control (unless a modal is
 * meant to be open). One browser, one context per role (signed in once),
 * one page load per screen and language: the widths are resizes of it.
 *
 * Set SWEEP_SCREENSHOTS=1 to keep a 375 px screenshot of every screen in
 * tests/e2e/screenshots/sweep-*.png. The findings of the last run are written
 * to tests/e2e/screenshots/quality-sweep.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';
import { LAPTOP, PHONE, SCREENSHOT_DIR, newContext, screenshot, waitForPageCondition } from './support/browser.ts';
import { openAllDay } from './support/demo-stores.ts';
import { useBrowserAndServer } from './support/suite.ts';
import { appRoutePatterns } from './support/app-routes.ts';
import { DEMO_CUSTOMER, DEMO_DRIVER, DEMO_OWNER, OrderActor } from './support/order-actors.ts';
import { CustomerApp } from './page-models/customer-app.ts';
import { AlertsAndWallet } from './page-models/alerts-and-wallet.ts';
import { DriverApp } from './page-models/driver-app.ts';
import { AdminConsole } from './page-models/admin-console.ts';
import { OrderingPages } from './page-models/ordering-pages.ts';

const ADMIN = { email: 'admin@foodpilot.test', password: 'admin-demo' } as const;
const STORE_SLUG = 'nonna-lucia-trattoria';
const DISH = 'Tiramisù';
/** Widths with axe; the others only get the layout checks. */
const AXE_WIDTHS = [PHONE.width, LAPTOP.width] as const;
const LAYOUT_ONLY_WIDTHS = [320, 414] as const;
const HEIGHT_AT = (width: number) => (width >= LAPTOP.width ? LAPTOP.height : PHONE.height);
const LANGUAGES = ['en', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];
type Role = 'guest' | 'customer' | 'driver' | 'admin';

/** What the sweep needs to know of the seeded city and the order it placed. */
interface Fixtures {
  city: string;
  storeId: number;
  itemId: number;
  categoryId: number;
  pageSlug: string;
  arabicId: number;
  customerId: number;
  orderId: string;
}

interface Screen {
  role: Role;
  url: (f: Fixtures) => string;
  /** A modal is meant to be open here (the item sheet): the prompt check is off. */
  modal?: boolean;
}

/** One entry per route pattern of the router (tests/e2e/support/app-routes.ts). */
const SCREENS: Record<string, Screen> = {
  '/': { role: 'guest', url: () => '/' },
  '/*': { role: 'guest', url: () => '/no-such-page' },
  '/explore': { role: 'guest', url: () => '/explore' },
  '/search-location': { role: 'guest', url: () => '/search-location' },
  '/my-location': { role: 'guest', url: () => '/my-location' },
  '/categories/stores': { role: 'guest', url: (f) => `/categories/stores?ids=${f.categoryId}` },
  '/stores/:restaurant': { role: 'guest', url: () => `/stores/${STORE_SLUG}` },
  '/stores/:city/:restaurant': { role: 'guest', url: (f) => `/stores/${encodeURIComponent(f.city)}/${STORE_SLUG}` },
  '/stores/:city/:restaurant/:id': {
    role: 'guest',
    url: (f) => `/stores/${encodeURIComponent(f.city)}/${STORE_SLUG}/${f.itemId}`,
    modal: true,
  },
  '/reviews/:slug': { role: 'guest', url: () => `/reviews/${STORE_SLUG}` },
  '/pages/:slug': { role: 'guest', url: (f) => `/pages/${f.pageSlug}` },
  '/login': { role: 'guest', url: () => '/login' },
  '/login/forgot-password': { role: 'guest', url: () => '/login/forgot-password' },
  '/register': { role: 'guest', url: () => '/register' },
  '/auth/login-as-customer/:id?': { role: 'guest', url: () => '/auth/login-as-customer' },
  '/delivery/login': { role: 'guest', url: () => '/delivery/login' },
  '/admin/login': { role: 'guest', url: () => '/admin/login' },

  '/alerts': { role: 'customer', url: () => '/alerts' },
  '/cart': { role: 'customer', url: () => '/cart' },
  '/checkout': { role: 'customer', url: () => '/checkout' },
  '/my-account': { role: 'customer', url: () => '/my-account' },
  '/my-addresses': { role: 'customer', url: () => '/my-addresses' },
  '/my-wallet': { role: 'customer', url: () => '/my-wallet' },
  '/my-orders': { role: 'customer', url: () => '/my-orders' },
  '/my-orders/:unique_order_id': { role: 'customer', url: (f) => `/my-orders/${f.orderId}` },
  '/my-favorite-stores': { role: 'customer', url: () => '/my-favorite-stores' },
  '/running-order/:unique_order_id': { role: 'customer', url: (f) => `/running-order/${f.orderId}` },
  '/rate-order/:id': { role: 'customer', url: (f) => `/rate-order/${f.orderId}` },

  '/delivery': { role: 'driver', url: () => '/delivery' },
  '/delivery/*': { role: 'driver', url: () => '/delivery/no-such-page' },
  '/delivery/orders': { role: 'driver', url: () => '/delivery/orders' },
  '/delivery/orders/:unique_order_id': { role: 'driver', url: (f) => `/delivery/orders/${f.orderId}` },
  '/delivery/completed-orders': { role: 'driver', url: () => '/delivery/completed-orders' },

  '/admin': { role: 'admin', url: () => '/admin' },
  '/admin/*': { role: 'admin', url: () => '/admin/no-such-section' },
  '/admin/dashboard': { role: 'admin', url: () => '/admin/dashboard' },
  '/admin/live-orders': { role: 'admin', url: () => '/admin/live-orders' },
  '/admin/my-stores': { role: 'admin', url: () => '/admin/my-stores' },
  '/admin/orders': { role: 'admin', url: () => '/admin/orders' },
  '/admin/settings': { role: 'admin', url: () => '/admin/settings' },
  '/admin/languages': { role: 'admin', url: () => '/admin/languages' },
  '/admin/languages/:id': { role: 'admin', url: (f) => `/admin/languages/${f.arabicId}` },
  '/admin/locations': { role: 'admin', url: () => '/admin/locations' },
  '/admin/stores': { role: 'admin', url: () => '/admin/stores' },
  '/admin/stores/new': { role: 'admin', url: () => '/admin/stores/new' },
  '/admin/stores/:id': { role: 'admin', url: (f) => `/admin/stores/${f.storeId}` },
  '/admin/store-categories': { role: 'admin', url: () => '/admin/store-categories' },
  '/admin/items': { role: 'admin', url: () => '/admin/items' },
  '/admin/promo-sliders': { role: 'admin', url: () => '/admin/promo-sliders' },
  '/admin/pages': { role: 'admin', url: () => '/admin/pages' },
  '/admin/coupons': { role: 'admin', url: () => '/admin/coupons' },
  '/admin/users': { role: 'admin', url: () => '/admin/users' },
  '/admin/users/:id': { role: 'admin', url: (f) => `/admin/users/${f.customerId}` },
  '/admin/audit': { role: 'admin', url: () => '/admin/audit' },
};

/** One thing wrong on one screen, written so a failure reads on its own. */
interface Finding {
  kind: 'axe' | 'overflow' | 'covered';
  language: Language;
  width: number;
  screen: string;
  rule: string;
  impact: string;
  targets: string[];
  detail: string;
}

function describeFinding(f: Finding): string {
  return `${f.kind} ${f.rule}${f.impact ? ` (${f.impact})` : ''} on ${f.screen} at ${f.width} px, ${f.language}: ${f.detail}${
    f.targets.length > 0 ? ` — ${f.targets.join(' | ')}` : ''
  }`;
}

const suite = useBrowserAndServer(() => (process.env.TEST_DIST_DIR ? { distDir: process.env.TEST_DIST_DIR } : {}));
const fixtures = {} as Fixtures;
const contexts = new Map<Role, { context: BrowserContext; page: Page }>();
const findings: Finding[] = [];
const timings: { screen: string; language: Language; ms: number }[] = [];

async function readFixtures(): Promise<void> {
  const { db } = suite.server;
  const store = await db.selectFrom('restaurants').select(['id', 'city']).where('slug', '=', STORE_SLUG).executeTakeFirstOrThrow();
  const item = await db
    .selectFrom('items')
    .select('id')
    .where('restaurant_id', '=', Number(store.id))
    .where('name', '=', DISH)
    .executeTakeFirstOrThrow();
  const category = await db
    .selectFrom('restaurant_category_links')
    .select('category_id')
    .where('restaurant_id', '=', Number(store.id))
    .executeTakeFirstOrThrow();
  const page = await db.selectFrom('pages').select('slug').orderBy('sort_order').executeTakeFirstOrThrow();
  const arabic = await db.selectFrom('languages').select('id').where('dir', '=', 'rtl').executeTakeFirstOrThrow();
  const customer = await db.selectFrom('users').select('id').where('email', '=', DEMO_CUSTOMER.email).executeTakeFirstOrThrow();
  Object.assign(fixtures, {
    city: store.city,
    storeId: Number(store.id),
    itemId: Number(item.id),
    categoryId: Number(category.category_id),
    pageSlug: page.slug,
    arabicId: Number(arabic.id),
    customerId: Number(customer.id),
  });
}

/** Adds the dish three times (above the store's minimum order) from its sheet, as a customer does. */
async function addDishToCart(app: CustomerApp): Promise<void> {
  const ordering = new OrderingPages(app.page);
  await app.open(`/stores/${encodeURIComponent(fixtures.city)}/${STORE_SLUG}/${fixtures.itemId}`);
  await ordering.addToCart.waitFor({ timeout: 20_000 });
  await ordering.increaseQuantity(DISH).click();
  await ordering.increaseQuantity(DISH).click();
  await ordering.addToCart.click();
  await ordering.itemSheet.waitFor({ state: 'detached', timeout: 10_000 });
}

/** The customer: signed in, one order placed (cash on delivery) and accepted by the store, and a dish in the cart again. */
async function prepareCustomer(page: Page): Promise<void> {
  const app = new CustomerApp(page, suite.server.url);
  const ordering = new OrderingPages(page);
  await app.open('/');
  await app.waitForReplica();
  await app.dismissLocationSheet();
  await new AlertsAndWallet(app).signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await addDishToCart(app);
  await app.open('/checkout');
  await ordering.checkoutForm.waitFor({ timeout: 20_000 });
  await ordering.paymentOption('COD').getByRole('radio').check({ force: true });
  await ordering.priceRow('total').waitFor({ timeout: 20_000 });
  // The total may show the saved price while the server prices the cash choice again; until it has,
  // "Place order" is disabled (checkout places only at a total the server priced), and Enter does nothing.
  await ordering.placeOrder.and(page.locator(':enabled')).waitFor({ timeout: 20_000 });
  // The keyboard reaches "Place order" whatever sits over it: what a tap does is the sweep's to judge.
  await ordering.placeOrder.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/running-order\/[^/]+$/, { timeout: 20_000 });
  fixtures.orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const owner = await OrderActor.signIn(suite.server.url, DEMO_OWNER);
  await owner.move('accept-order', fixtures.orderId);
  await addDishToCart(app);
}

async function signIn(role: Role, page: Page): Promise<void> {
  const base = suite.server.url;
  if (role === 'guest') {
    const app = new CustomerApp(page, base);
    await app.open('/');
    await app.waitForReplica();
    await app.dismissLocationSheet();
  } else if (role === 'customer') {
    await prepareCustomer(page);
  } else if (role === 'driver') {
    await new DriverApp(page, base).signIn(DEMO_DRIVER.email, DEMO_DRIVER.password);
  } else {
    await new AdminConsole(page, base).signIn(ADMIN.email, ADMIN.password);
  }
}

/** Switches the context's app to Arabic with the desktop footer's selector, as a person does. */
async function switchToArabic(page: Page): Promise<void> {
  await page.setViewportSize(LAPTOP);
  // A second try on a loaded machine: the choice can land while the landing is still reading the languages.
  for (let attempt = 1; ; attempt += 1) {
    await page.goto(new URL('/', suite.server.url).toString());
    if ((await page.evaluate(() => document.documentElement.dir)) === 'rtl') return;
    const select = page.getByRole('combobox', { name: /language/i });
    await select.waitFor({ timeout: 20_000 });
    await select.selectOption(String(fixtures.arabicId));
    try {
      await waitForPageCondition(page, async () => document.documentElement.dir === 'rtl', 'the app to turn right to left', 20_000);
      return;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
}

function nextFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** After a page load: waits until the screen's code and data have loaded (no screen-sized spinner), then a moment for the layout to settle. */
async function settle(page: Page): Promise<void> {
  await page
    .waitForFunction(() => document.querySelector('.screen-fallback, .console-loading') === null && document.body.childElementCount > 0, null, {
      timeout: 8_000,
    })
    .catch(() => undefined);
  await nextFrames(page);
  await page.waitForTimeout(200);
}

interface LayoutReport {
  scrollWidth: number;
  covered: { control: string; cover: string }[];
}

/**
 * The page's width, and the controls a fixed or sticky layer covers: a control
 * inside such a layer wherever the page is scrolled, and an in-flow control
 * under a bottom layer once the page is scrolled to its end (nothing more can
 * bring it out from under), or under a top layer at the page's start.
 */
function measureLayout(page: Page, modal: boolean): Promise<LayoutReport> {
  return page.evaluate(async (modalMeantOpen) => {
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const testId = el.getAttribute('data-testid');
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${name ? ` "${name}"` : ''}`;
    };
    const pinned = (el: Element | null): Element | null => {
      for (let node = el; node && node !== document.documentElement; node = node.parentElement) {
        const position = getComputedStyle(node).position;
        if (position === 'fixed' || position === 'sticky') return node;
      }
      return null;
    };
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const scroller = document.scrollingElement ?? document.documentElement;
    const scrollWidth = scroller.scrollWidth;
    const modalOpen =
      modalMeantOpen ||
      [...document.querySelectorAll('dialog[open], [aria-modal="true"]')].some((el) => el.getClientRects().length > 0);
    const covered = new Map<string, { control: string; cover: string }>();
    if (!modalOpen) {
      const check = (at: 'start' | 'end') => {
        const vw = window.innerWidth;
        const vh = window.innerHeight;
        const controls = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [tabindex]:not([tabindex="-1"])');
        for (const control of controls) {
          const rect = control.getBoundingClientRect();
          if (rect.width < 4 || rect.height < 4) continue;
          const style = getComputedStyle(control);
          if (style.visibility !== 'visible' || Number(style.opacity) === 0) continue;
          const x = rect.left + rect.width / 2;
          const y = rect.top + rect.height / 2;
          if (x < 0 || y < 0 || x >= vw || y >= vh) continue;
          const hit = document.elementFromPoint(x, y);
          if (!hit || control.contains(hit) || hit.contains(control)) continue;
          if (control instanceof HTMLInputElement && [...(control.labels ?? [])].some((label) => label.contains(hit))) continue;
          const cover = pinned(hit);
          if (!cover || cover.contains(control)) continue;
          const coverRect = cover.getBoundingClientRect();
          const bottomLayer = coverRect.top + coverRect.height / 2 > vh / 2;
          const controlPinned = pinned(control) !== null;
          if (controlPinned || (at === 'end' && bottomLayer) || (at === 'start' && !bottomLayer)) {
            covered.set(describe(control), { control: describe(control), cover: describe(cover) });
          }
        }
      };
      const startY = scroller.scrollTop;
      scroller.scrollTop = 0;
      await frame();
      check('start');
      scroller.scrollTop = scroller.scrollHeight;
      await frame();
      check('end');
      scroller.scrollTop = startY;
    }
    return { scrollWidth, covered: [...covered.values()] };
  }, modal);
}

/**
 * The layout's findings that hold twice, half a second apart. A screen still
 * taking its shape on a busy machine (a lazy style sheet, a list arriving) can
 * show a passing overlap for one frame; a real one stays.
 */
async function steadyLayout(page: Page, modal: boolean, width: number): Promise<LayoutReport> {
  const first = await measureLayout(page, modal);
  if (first.covered.length === 0 && first.scrollWidth <= width) return first;
  await page.waitForTimeout(500);
  await nextFrames(page);
  const second = await measureLayout(page, modal);
  const stillCovered = new Set(second.covered.map((each) => `${each.control} ${each.cover}`));
  return {
    scrollWidth: Math.min(first.scrollWidth, second.scrollWidth),
    covered: first.covered.filter((each) => stillCovered.has(`${each.control} ${each.cover}`)),
  };
}

async function checkScreen(page: Page, pattern: string, screen: Screen, language: Language): Promise<void> {
  const url = screen.url(fixtures);
  const label = `${pattern} (${url})`;
  await page.setViewportSize(PHONE);
  await page.goto(new URL(url, suite.server.url).toString());
  await settle(page);
  if (process.env.SWEEP_SCREENSHOTS) {
    await screenshot(page, `sweep-${language}-375-${url.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`);
  }
  for (const width of [...AXE_WIDTHS, ...LAYOUT_ONLY_WIDTHS]) {
    if (width !== PHONE.width) {
      await page.setViewportSize({ width, height: HEIGHT_AT(width) });
      // A resize may swap a screen (the desktop landing) whose code loads on demand.
      await settle(page);
    }
    const layout = await steadyLayout(page, screen.modal === true, width);
    if (layout.scrollWidth > width) {
      findings.push({
        kind: 'overflow',
        language,
        width,
        screen: label,
        rule: 'horizontal-overflow',
        impact: '',
        targets: [],
        detail: `the page is ${layout.scrollWidth} px wide`,
      });
    }
    for (const { control, cover } of layout.covered) {
      findings.push({ kind: 'covered', language, width, screen: label, rule: 'prompt-over-control', impact: '', targets: [control], detail: `under ${cover}` });
    }
    if (!(AXE_WIDTHS as readonly number[]).includes(width)) continue;
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      findings.push({
        kind: 'axe',
        language,
        width,
        screen: label,
        rule: violation.id,
        impact: violation.impact ?? '',
        targets: violation.nodes.slice(0, 4).map((node) => `${node.target.join(' ')}${node.failureSummary ? ` (${node.failureSummary.split('\n').slice(1).join(' ').trim()})` : ''}`),
        detail: violation.help,
      });
    }
  }
}

async function sweep(role: Role): Promise<string[]> {
  const entry = contexts.get(role);
  if (!entry) throw new Error(`no context for ${role}`);
  const screens = Object.entries(SCREENS).filter(([, screen]) => screen.role === role);
  const before = findings.length;
  for (const language of LANGUAGES) {
    if (language === 'ar') await switchToArabic(entry.page);
    for (const [pattern, screen] of screens) {
      const started = Date.now();
      await checkScreen(entry.page, pattern, screen, language);
      timings.push({ screen: pattern, language, ms: Date.now() - started });
    }
  }
  return findings.slice(before).map(describeFinding);
}

beforeAll(async () => {
  await openAllDay(suite.server.db, STORE_SLUG);
  await readFixtures();
  // The customer goes first: the driver's and the console's screens show the order it places.
  for (const role of ['customer', 'guest', 'driver', 'admin'] as const) {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await signIn(role, page);
    contexts.set(role, { context, page });
  }
}, 240_000);

afterAll(async () => {
  for (const { context } of contexts.values()) await context.close();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/quality-sweep.json`, JSON.stringify({ findings, timings }, null, 2));
});

describe('quality sweep', () => {
  it('has an entry for every route of the router, and none for a route that is gone', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(appRoutePatterns());
  });

  for (const role of ['guest', 'customer', 'driver', 'admin'] as const) {
    it(`${role} screens: no axe violation, nothing wider than the screen, no prompt over a control (en and ar)`, async () => {
      expect(await sweep(role)).toEqual([]);
    }, 600_000);
  }
});
