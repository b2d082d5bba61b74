// Lint guards the boundaries between runtimes (STYLE habit 10): the UI may
// import the worker and the service worker only as types, the shared
// contract imports nothing platform-specific, the worker's areas meet only
// at their doors, and a feature uses only what another feature offers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';

const nodeOnly = ['node:*', 'fs', 'path', 'fastify', 'kysely', 'better-sqlite3', 'pg'];

/**
 * The sync worker's areas (issue 16; README "How it fits together"): net/ at
 * the bottom imports nothing else of the worker, replica/ only net/; every
 * other area (the outbox included) may use those two directly and reaches
 * another area only through its api.ts, and nothing in an area imports the
 * files at the top that compose them. tests/unit/worker/shape.test.ts checks
 * the same on the whole import graph, import circles included.
 */
const SERVER_SHARES_ONLY_THE_CONTRACT = { group: ['**/src/*/**', '!**/src/api/**', '**/worker/**', '**/sw/**'], message: 'The server shares only the contract (src/api/) with the app, the worker and the service worker.' };
const ROLE_CHECKED_ONCE = "Who may make a call is its call table's `access`, checked before the handler runs: read the caller with userOf/staffOf (server/routes/api/call-access.ts).";

/** What no file of the UI imports. */
const UI_IMPORT_RULES = [
  { group: ['**/worker/**', '**/sw/**'], message: 'The UI talks to the worker and the service worker through src/lib bridges; import their types from src/api.', allowTypeImports: true },
  { group: ['**/server/**', ...nodeOnly], message: 'The UI never imports server code.' },
  { group: ['dexie-react-hooks'], message: 'Read the replica with useLiveQuery from src/db/live-query.ts: it renders each new result as a transition.' },
  {
    group: ['**/api/language/texts.ts', '**/api/*/texts.ts', '**/api/language/*-texts.ts'],
    message: "The UI's words come from the replica; the English tables are the worker's and the server's (a value import puts all of them in the first route). Use formatText from language/format-text.ts.",
    allowTypeImports: true,
  },
];

function uiLayers() {
  const above = (folder, layers, why, allowTypeImports = false) => ({ group: layers.map((layer) => `**/${layer}/**`), message: `${folder}/ ${why}`, allowTypeImports });
  const layer = (folder, ...rules) => ({
    files: [`src/${folder}/**/*.{ts,tsx}`],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [...UI_IMPORT_RULES, ...rules] }] },
  });
  return [
    layer('lib', above('lib', ['base', 'ui', 'features', 'app'], 'is the bottom layer of the UI: it imports only api/ and db/.')),
    // The home's snapshot is a feature's shape that boot hands to the base: its type only.
    layer('base', above('base', ['ui', 'app'], 'sits under ui/, features/ and the app shell.'), above('base', ['features'], 'reads no feature (types only).', true)),
    layer('ui', above('ui', ['features', 'app'], 'is shared by every feature: it imports none of them, nor the app shell.')),
    layer('features', above('features', ['app'], 'lives inside the app shell: import from base/, ui/ and lib/, never from app/.')),
  ];
}

function workerShape() {
  const httpOnly = { group: ['**/server/**', '**/features/**', 'react', 'react-dom', ...nodeOnly], message: 'The worker talks to the server over HTTP only.' };
  const pastADoor = (from) => ({
    regex: `^${from}(?!net/|replica/)[a-z][\\w-]*/(?!api\\.ts$)`,
    message: 'Another area is reached through its api.ts (net/ and replica/ may be imported directly).',
  });
  const upward = { regex: '^\\.\\./[\\w-]+\\.ts$', message: 'An area does not import the files that compose the areas (sync-service.ts, sync-worker.ts).' };
  const only = (patterns) => ({ rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [httpOnly, ...patterns] }] } });
  return [
    { files: ['worker/*.ts'], ...only([pastADoor('\\./')]) },
    { files: ['worker/*/**/*.ts'], ...only([pastADoor('\\.\\./'), upward]) },
    { files: ['worker/replica/**/*.ts'], ...only([{ regex: '^\\.\\./(?!net/)[a-z]', message: 'replica/ builds on net/ alone.' }]) },
    { files: ['worker/net/**/*.ts'], ...only([{ regex: '^\\.\\./[a-z]', message: 'net/ is the bottom layer: it imports nothing else of the worker.' }]) },
  ];
}

/**
 * What each feature offers the others (src/features/<feature>/<file>). Every
 * other file of a feature is its own business: a screen another feature wants
 * is listed here, and what many features need lives in src/ui (components,
 * hooks) or src/lib (plain helpers) instead.
 */
export const FEATURE_SURFACES = {
  addresses: ['AddressPicker.tsx'],
  alerts: ['PushDialogHost.tsx'],
  auth: ['password-sign-in.tsx', 'CodeField.tsx'],
  cart: ['ItemCartForm.tsx', 'ReplaceCartDialog.tsx', 'StoreCartBar.tsx', 'use-add-to-cart.ts'],
  home: ['home-snapshot.ts'],
  landing: ['DesktopLanding.tsx'],
  location: ['PlaceChooser.tsx', 'home-location.tsx'],
  offline: ['SimulatedOfflineSwitch.tsx', 'switch.css'],
  orders: ['CancelOrder.tsx', 'PriceBreakdown.tsx'],
  prompts: ['InstallOffer.tsx'],
  'running-order': ['DeliveryMap.tsx', 'order-steps.ts'],
  stores: ['StoreCard.tsx', 'StoreCardList.tsx', 'saved-list.ts', 'store-rows.ts'],
};

const featureSurface = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const featuresDir = path.resolve(context.cwd, 'src/features');
    const featureOf = (file) => {
      const inside = path.relative(featuresDir, file);
      if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
      const [feature, ...rest] = inside.split(path.sep);
      return rest.length > 0 ? { feature, file: rest.join('/') } : null;
    };
    const importer = featureOf(context.filename);
    const check = (source) => {
      if (!importer || source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = featureOf(path.resolve(path.dirname(context.filename), source.value));
      if (!target || target.feature === importer.feature) return;
      if ((FEATURE_SURFACES[target.feature] ?? []).includes(target.file)) return;
      context.report({
        node: source,
        message: `${target.file} is internal to features/${target.feature}: import what it offers (FEATURE_SURFACES in eslint.config.js), or move what both need to src/ui or src/lib.`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * Issue 31: a server domain imports another only through what that domain
 * offers. db/, http/, live/ and config.ts are the base every domain stands on;
 * routes/, plugins/, cli/, seed/ and app.ts compose the
 * domains and are imported by none of them. admin/ is the console's domain,
 * composing its parts (admin/catalog, admin/orders, admin/settings, admin/users).
 */
export const SERVER_DOMAIN_OFFERS = {
  account: ['authenticate.ts', 'users-repository.ts', 'identifiers.ts', 'passwords.ts', 'password-sign-in.ts', 'sessions.ts', 'sign-in-guard.ts', 'avatar.ts', 'notifications-repository.ts', 'agent-actions-repository.ts'],
  admin: ['admin-access.ts', 'audit.ts', 'audit-values.ts'],
  'admin/catalog': ['catalog-html.ts'],
  'admin/orders': ['assign-driver.ts', 'orders-admin.ts'],
  'admin/settings': ['languages-admin.ts', 'locations-admin.ts', 'settings-admin.ts', 'translations-admin.ts', 'versions-admin.ts'],
  'admin/users': ['users-admin.ts', 'user-wallet.ts'],
  cart: ['availability.ts'],
  catalog: ['store-entities.ts', 'stores-repository.ts'],
  checkout: ['pricing.ts', 'loyalty.ts'],
  driver: ['accept-rules.ts', 'checked-time.ts', 'driver-location.ts', 'driver-settings.ts', 'earnings.ts', 'pin-guard.ts'],
  geo: ['distance.ts', 'opening-hours.ts'],
  messaging: ['index.ts', 'config.ts', 'dev-outbox-route.ts', 'message-budget.ts', 'push-dispatcher.ts'],
  nearby: ['nearby-engine.ts'],
  orders: ['cancel-order.ts', 'lifecycle-rules.ts', 'lifecycle-tracking.ts', 'order-events.ts', 'order-view.ts', 'orders-repository.ts', 'transitions.ts'],
  payments: [],
  settings: ['popular-locations-repository.ts', 'settings-repository.ts', 'versions-repository.ts'],
  uploads: ['image-store.ts', 'uploaded-images.ts'],
  plugins: [],
  routes: [],
  cli: [],
  seed: [],
  '': [],
};
const SERVER_BASE = ['db', 'http', 'live'];

const serverDomainDoor = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const serverDir = path.resolve(context.cwd, 'server');
    const placeOf = (file) => {
      const inside = path.relative(serverDir, file);
      if (inside.startsWith('..') || path.isAbsolute(inside)) return null;
      const parts = inside.split(path.sep);
      if (parts.length === 1) return { domain: parts[0] === 'config.ts' ? 'db' : '', file: parts[0] };
      if (parts[0] === 'admin' && parts.length > 2) return { domain: `admin/${parts[1]}`, file: parts.slice(2).join('/') };
      return { domain: parts[0], file: parts.slice(1).join('/') };
    };
    const importer = placeOf(context.filename);
    const composes = (domain) => ['', 'routes', 'plugins', 'cli', 'seed'].includes(domain) || SERVER_BASE.includes(domain);
    const check = (source) => {
      if (!importer || composes(importer.domain) || source?.type !== 'Literal' || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      const target = placeOf(path.resolve(path.dirname(context.filename), source.value));
      if (!target || target.domain === importer.domain || SERVER_BASE.includes(target.domain)) return;
      const offered = (SERVER_DOMAIN_OFFERS[target.domain] ?? []).includes(target.file);
      // The console's parts are offered to the console alone.
      const console = importer.domain === 'admin' || importer.domain.startsWith('admin/');
      if (offered && (!target.domain.startsWith('admin/') || console)) return;
      context.report({
        node: source,
        message: `server/${target.domain ? `${target.domain}/` : ''}${target.file} is internal to its domain: import what ${target.domain || 'the app'} offers (SERVER_DOMAIN_OFFERS in eslint.config.js), or reach it through the app (app.<name>Repository).`,
      });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

const foodpilotRules = { rules: { 'feature-surface': featureSurface, 'server-domain-door': serverDomainDoor } };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, foodpilot: foodpilotRules },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'foodpilot/feature-surface': 'error',
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: UI_IMPORT_RULES }],
    },
  },
  // Issue 31: the UI's layers, bottom up: lib/ (and api/, db/), base/ (the services, settings, words and
  // replica hooks every screen uses), ui/, features/, and the app shell (app/) on top. Nothing imports upward.
  ...uiLayers(),
  {
    files: ['src/api/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'dexie', 'comlink', 'workbox-*', ...nodeOnly, '**/server/**', '**/worker/**', '**/sw/**', '**/db/**', '**/features/**', '**/lib/**'], message: 'The shared contract stays free of platform code.' },
          ],
        },
      ],
    },
  },
  {
    files: ['worker/**/*.ts'],
    languageOptions: { globals: globals.worker },
  },
  ...workerShape(),
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/features/**', 'react', 'react-dom', 'dexie', ...nodeOnly], message: 'The service worker stays small and platform-pure.' }] }],
    },
  },
  {
    files: ['server/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Issue 31: the server shares only the contract with the other runtimes, and a domain reaches another only through what it offers.
    files: ['server/**/*.ts'],
    plugins: { foodpilot: foodpilotRules },
    ignores: ['server/**/*-handlers.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [SERVER_SHARES_ONLY_THE_CONTRACT] }],
      'foodpilot/server-domain-door': 'error',
    },
  },
  {
    // Issue 31: who may make a call is said in its call table and checked once, before its handler
    // (server/routes/api/call-access.ts); a handler reads the caller with userOf/staffOf (server/http/caller.ts).
    files: ['server/**/*-handlers.ts'],
    plugins: { foodpilot: foodpilotRules },
    rules: {
      'foodpilot/server-domain-door': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_SHARES_ONLY_THE_CONTRACT,
            { regex: '(^|/)authenticate\\.ts$', importNames: ['requireUser', 'requireAgent', 'requireDriver'], message: ROLE_CHECKED_ONCE },
            { regex: '(^|/)admin-access\\.ts$', importNames: ['requireAdmin', 'requireConsoleStaff', 'requireOrderStaff'], message: ROLE_CHECKED_ONCE },
          ],
        },
      ],
    },
  },
);
