/**
 * Browser security headers on every answer, through @fastify/helmet:
 *
 * - Content-Security-Policy: scripts from this origin only, plus the inline
 *   pre-boot script of the built index.html by its sha256 (read from the file
 *   the static route serves, again whenever the file changes); a payment
 *   provider's script, frame and API origins only while that gateway is on
 *   (configured, switched on, taking the store's currency: exactly what
 *   get-payment-gateways offers); image origins named by the image settings
 *   and the catalogue's image fields; Firebase's endpoints while push is set
 *   up. Styles allow 'unsafe-inline': the admin's custom CSS is a <style> the
 *   app writes at run time (src/base/settings-and-language.tsx).
 * - frame-ancestors 'none' everywhere, except the customer app's pages, which
 *   the desktop landing frames itself (PhonePreview): 'self' there, never
 *   another origin. The console (/admin), the driver area, the API and files
 *   are never framed.
 * - X-Content-Type-Options: nosniff, Referrer-Policy:
 *   strict-origin-when-cross-origin, Permissions-Policy (geolocation for this
 *   origin only, no camera, microphone or USB).
 * - Strict-Transport-Security only for a request that came over HTTPS, which
 *   behind a proxy Fastify knows only when TRUST_PROXY trusts it
 *   (request.protocol reads X-Forwarded-Proto then).
 *
 * The policy of a page or of the service worker (a worker's policy is its
 * script's) is computed per request from the settings; other answers (API
 * JSON, images, assets) get the same policy without the settings' origins.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SETTING_HINTS } from '../../src/api/admin/entities.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { readSetting, readSwitch, type SettingKey, type SettingsMap } from '../../src/api/settings/defaults.ts';
import { availableMethods } from '../payments/gateways.ts';

export interface SecurityHeadersOptions {
  /** The build the static route serves: its index.html's inline scripts are allowed by hash. */
  distDir: string;
}

/** HSTS: a year, subdomains included, as browsers' preload lists expect of a site that means it. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export const PERMISSIONS_POLICY = 'geolocation=(self), camera=(), microphone=(), usb=()';

/** Where each gateway paid in the page loads its script, opens its frames and calls home (their CSP guides). */
export const GATEWAY_SOURCES = {
  // src/features/checkout/stripe-js.ts: https://js.stripe.com/v3/ (Payment Element frames, 3-D Secure on hooks).
  STRIPE: {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com'],
  },
  // src/features/checkout/razorpay-js.ts: https://checkout.razorpay.com/v1/checkout.js, which frames api.razorpay.com.
  RAZORPAY: {
    script: ['https://checkout.razorpay.com'],
    frame: ['https://api.razorpay.com'],
    connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
  },
} as const;

/** Firebase Cloud Messaging's web SDK (push setup): installations and the token registration. */
export const FIREBASE_CONNECT_SOURCES = ['https://firebaseinstallations.googleapis.com', 'https://fcmregistrations.googleapis.com'];

/** Paths of the pages the landing's phone preview may load in its frame; everything else refuses any frame. */
/** vite-plugin-pwa's output (vite.config.ts: filename sw.ts). */
const SERVICE_WORKER_PATH = '/sw.js';

const NEVER_FRAMED_PREFIXES = ['/admin', '/delivery', '/docs', API_PREFIX, '/public'];

const IMAGE_SETTING_KEYS = (Object.keys(SETTING_HINTS) as SettingKey[]).filter((key) => SETTING_HINTS[key].kind === 'image');

/** The catalogue's image fields, in the order they are read: an https address there is an image origin the app shows. */
function catalogRemoteImages(app: FastifyInstance): (() => Promise<{ image: string | null }[]>)[] {
  return [
    () => app.storesRepository.remoteImages(),
    () => app.catalogRepository.remoteImages('restaurant_categories'),
    () => app.catalogRepository.remoteImages('category_slides'),
    () => app.menuRepository.remoteImages(),
    () => app.catalogRepository.remoteImages('promo_slides'),
  ];
}

interface DynamicSources {
  script: string[];
  frame: string[];
  connect: string[];
  img: string[];
}

const DYNAMIC = Symbol('foodpilot.csp-sources');
type RequestWithSources = IncomingMessage & { [DYNAMIC]?: DynamicSources };

function sourcesOf(req: IncomingMessage): DynamicSources | undefined {
  return (req as RequestWithSources)[DYNAMIC];
}

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

/**
 * A page (an app route, index.html) or the service worker's script: what the
 * settings' origins matter to. The sync worker's chunk keeps the base policy
 * (it only calls this origin's API); the service worker fetches the images it
 * caches, so its connect-src has the image origins.
 */
function isPageOrServiceWorker(method: string, urlPath: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (urlPath.startsWith(API_PREFIX) || urlPath.startsWith('/public/images/')) return false;
  // Probes and metrics (routes/health.ts, plugins/metrics.ts) are no pages: liveness must not read the database.
  if (urlPath === '/health' || urlPath.startsWith('/health/') || urlPath === '/metrics') return false;
  const extension = path.posix.extname(urlPath);
  return extension === '' || extension === '.html' || urlPath === SERVICE_WORKER_PATH;
}

/** The customer app's pages: the landing frames them at phone size (src/features/landing/PhonePreview.tsx). */
export function isFramablePage(method: string | undefined, urlPath: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (NEVER_FRAMED_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`))) return false;
  const extension = path.posix.extname(urlPath);
  return extension === '' || urlPath === '/index.html';
}

/** `'sha256-…'` of every inline <script> (one without src) of an HTML page, in order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The inline script hashes of dist/index.html, read again whenever the file changes (a new build). */
function indexHashReader(distDir: string): () => string[] {
  const indexFile = path.join(distDir, 'index.html');
  let seen: { mtimeMs: number; size: number; hashes: string[] } | undefined;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      seen = undefined;
      return [];
    }
    if (seen && seen.mtimeMs === stat.mtimeMs && seen.size === stat.size) return seen.hashes;
    const hashes = inlineScriptHashes(fs.readFileSync(indexFile, 'utf8'));
    seen = { mtimeMs: stat.mtimeMs, size: stat.size, hashes };
    return hashes;
  };
}

/** The origin of an absolute http(s) address, or undefined for a path on this server (or anything else). */
export function httpOrigin(address: string | null | undefined): string | undefined {
  const text = address?.trim();
  if (!text || !/^https?:\/\//i.test(text)) return undefined;
  try {
    return new URL(text).origin;
  } catch {
    return undefined;
  }
}

function firebaseConfigured(settings: SettingsMap): boolean {
  if (!readSwitch(settings, 'enablePushNotification')) return false;
  const keys: SettingKey[] = ['firebaseApiKey', 'firebaseProjectId', 'firebaseMessagingSenderId', 'firebaseAppId', 'firebaseVapidKey'];
  return keys.every((key) => readSetting(settings, key).trim() !== '');
}

async function catalogImageOrigins(app: FastifyInstance): Promise<string[]> {
  const origins = new Set<string>();
  for (const remoteImages of catalogRemoteImages(app)) {
    const rows = await remoteImages();
    for (const row of rows) {
      const origin = httpOrigin(row.image);
      if (origin) origins.add(origin);
    }
  }
  return [...origins];
}

/** The origins a page needs now: the gateways on, the image origins in use, Firebase while push is set up. */
export async function dynamicSources(app: FastifyInstance): Promise<DynamicSources> {
  const settings: SettingsMap = Object.fromEntries(await app.settingsRepository.asMap());
  const script = new Set<string>();
  const frame = new Set<string>();
  const connect = new Set<string>();
  for (const method of availableMethods(app.payments.gateways, settings)) {
    if (method.id === 'STRIPE' || method.id === 'RAZORPAY') {
      const sources = GATEWAY_SOURCES[method.id];
      sources.script.forEach((source) => script.add(source));
      sources.frame.forEach((source) => frame.add(source));
      sources.connect.forEach((source) => connect.add(source));
    } else if (method.id === 'PAYTM') {
      // Paytm's checkout script is the merchant's on Paytm's host (PAYTM_API_URL): script, its frames and its calls.
      const origin = httpOrigin(method.client.script_url);
      if (origin) [script, frame, connect].forEach((set) => set.add(origin));
    }
    // PayMongo, Mercado Pago and Khalti take the customer to their own page: nothing to load in ours.
  }
  if (firebaseConfigured(settings)) FIREBASE_CONNECT_SOURCES.forEach((source) => connect.add(source));
  const img = new Set<string>();
  for (const key of IMAGE_SETTING_KEYS) {
    const origin = httpOrigin(readSetting(settings, key));
    if (origin) img.add(origin);
  }
  (await catalogImageOrigins(app)).forEach((origin) => img.add(origin));
  // The service worker and the sync worker fetch the images they cache.
  img.forEach((origin) => connect.add(origin));
  return { script: [...script], frame: [...frame], connect: [...connect], img: [...img] };
}

const joined = (values: readonly string[]) => values.join(' ');

async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const indexHashes = indexHashReader(options.distDir);

  // Before helmet's own hooks (registered below), so its policy functions see this request's origins.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!isPageOrServiceWorker(request.method, pathOf(request.url))) return;
    (request.raw as RequestWithSources)[DYNAMIC] = await dynamicSources(app);
  });

  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: [(req: IncomingMessage) => joined(["'self'", ...indexHashes(), ...(sourcesOf(req)?.script ?? [])])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: [(req: IncomingMessage) => joined(["'self'", 'data:', 'blob:', ...(sourcesOf(req)?.img ?? [])])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [(req: IncomingMessage) => joined(["'self'", ...(sourcesOf(req)?.connect ?? [])])],
        frameSrc: [(req: IncomingMessage) => joined(["'self'", ...(sourcesOf(req)?.frame ?? [])])],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [(req: IncomingMessage) => (isFramablePage(req.method, pathOf(req.url)) ? "'self'" : "'none'")],
      },
    },
    // Only for a request that came over HTTPS (below): a plain-HTTP LAN install must not be pinned to HTTPS.
    strictTransportSecurity: false,
    // Legacy browsers' frame guard; frame-ancestors above is what current browsers obey.
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Providers' checkout windows (3-D Secure, wallets) talk back to the page that opened them.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol !== 'https') return;
    await reply.helmet({ strictTransportSecurity: { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } });
  });

  // Helmet has no Permissions-Policy: the one header it does not write.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers', dependencies: ['database', 'payments'] });
