// Lint guards the boundaries between runtimes (STYLE habit 10): the UI may
// import the worker and the service worker only as types, and the shared
// contract imports nothing platform-specific.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeOnly = ['node:*', 'fs', 'path', 'fastify', 'kysely', 'better-sqlite3', 'pg'];

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
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '**/features/**', 'react', 'react-dom', ...nodeOnly], message: 'The worker talks to the server over HTTP only.' }] }],
    },
  },
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
