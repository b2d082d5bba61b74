import 'fake-indexeddb/auto';
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout: its scrollTo only logs "not implemented" (the UI scrolls to top on each route).
if (typeof window !== 'undefined') window.scrollTo = () => {};

// findBy…/waitFor give up after this long: the default 1 s is short for a
// whole app rendering from IndexedDB on a CI machine busy with other suites.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
