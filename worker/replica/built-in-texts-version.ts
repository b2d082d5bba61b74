/**
 * The fingerprint of src/api/language/texts.ts in this build, defined by vite.config.ts
 * (`__BUILT_IN_TEXTS_VERSION__`); null where no build defined it (tests, the
 * dev server), which makes the worker write the texts every boot.
 */
declare const __BUILT_IN_TEXTS_VERSION__: string | undefined;

export const BUILT_IN_TEXTS_VERSION: string | null =
  typeof __BUILT_IN_TEXTS_VERSION__ === 'string' ? __BUILT_IN_TEXTS_VERSION__ : null;
