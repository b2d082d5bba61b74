/** Renders the whole app (routes, chrome, boot) at a path, against a fixture replica and doubles. */
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AppContent, AppProviders } from '../../../src/app/App.tsx';
import type { SyncWorkerApi } from '../../../src/api/worker-api.ts';
import type { BootHomeSnapshot } from '../../../src/features/home/home-snapshot.ts';
import { buildReplica, type ReplicaFixture } from './replica-fixture.ts';
import { createServiceWorkerDouble, createWorkerDouble } from './doubles.ts';

export interface RenderAppOptions extends ReplicaFixture {
  path?: string;
  worker?: Partial<SyncWorkerApi>;
  updateWaiting?: boolean;
  /** What main.tsx reads from localStorage when the page opens on the mobile home. */
  homeSnapshot?: BootHomeSnapshot | null;
}

export async function renderApp(options: RenderAppOptions = {}) {
  const db = await buildReplica(options);
  const worker = createWorkerDouble(db, options.worker);
  const serviceWorker = createServiceWorkerDouble({ updateWaiting: options.updateWaiting ?? false });
  const reloadPage = vi.fn();
  const view = render(
    <AppProviders services={{ db, worker, serviceWorker, reloadPage, homeSnapshot: options.homeSnapshot }}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <AppContent />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, db, worker, serviceWorker, reloadPage };
}

/** Makes `matchMedia` answer as a window of the given width would. */
export function setWindowWidth(width: number): void {
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const matches = min ? width >= Number(min[1]) : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    } as MediaQueryList;
  }) as typeof window.matchMedia;
}
