// Lint guards the boundaries between runtimes (STYLE habit 10): the UI may
// import the worker and the service worker only as types, and the shared
// contract imports nothing platform-specific.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeOnly = ['node:*', 'fs', 'path', 'fastify', 'kysely', 'better-sqlite3', 'pg'];

/**
 * The sync worker's areas (issue 16; README "How it fits together"): net/ at
 * the bottom imports nothing else of the worker, replica/ only net/; every
 * other area (the outbox included) may use those two directly and reaches
 * another area only through its api.ts, and nothing in an area imports the
 * files at the top that compose them. tests/unit/worker/shape.test.ts checks
 * the same on the whole import graph, import circles included.
 */
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/worker/**', '**/sw/**'], message: 'The UI talks to the worker and the service worker through src/lib bridges; import their types from src/api.', allowTypeImports: true },
            { group: ['**/server/**', ...nodeOnly], message: 'The UI never imports server code.' },
          ],
        },
      ],
    },
  },
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
);
