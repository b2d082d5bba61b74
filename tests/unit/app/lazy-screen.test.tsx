import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAZY_SCREEN_TIMEOUT_MS } from '../../../src/api/constants.ts';
import { AppProviders } from '../../../src/app/App.tsx';
import { lazyScreen, type LazyScreenComponent } from '../../../src/ui/lazy-screen.tsx';
import { buildReplica } from '../support/replica-fixture.ts';
import { createServiceWorkerDouble, createWorkerDouble } from '../support/doubles.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function Loaded() {
  return <h1>Loaded screen</h1>;
}

function renderLazy(load: () => Promise<typeof Loaded>, connectivityError: string | null = null) {
  return renderScreen(lazyScreen(load), connectivityError);
}

async function renderScreen(Screen: LazyScreenComponent, connectivityError: string | null = null) {
  const db = await buildReplica({ connectivityError });
  const services = { db, worker: createWorkerDouble(db), serviceWorker: createServiceWorkerDouble(), reloadPage: vi.fn() };
  render(
    <AppProviders services={services}>
      <Suspense fallback={<p>loading…</p>}>
        <Screen />
      </Suspense>
    </AppProviders>,
  );
}

describe('lazily loaded screens', () => {
  it('show a "could not be loaded / Try again" screen when the code takes longer than the time-out', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // shouldAdvanceTime: Dexie's live queries start on a 0 ms timer and must still run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const load = vi.fn<() => Promise<typeof Loaded>>().mockReturnValueOnce(new Promise(() => {})).mockResolvedValue(Loaded);
    await renderLazy(load);
    expect(screen.getByText('loading…')).toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LAZY_SCREEN_TIMEOUT_MS - 1_000);
    });
    expect(screen.queryByTestId('load-failed')).toBeNull();
    expect(screen.getByText('loading…')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(await screen.findByTestId('load-failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'This screen could not be loaded' })).toBeInTheDocument();

    vi.useRealTimers();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('show the offline screen when the code fails to load while offline', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), 'offline');
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
  });

  it('show the retry screen when the code fails to load while online', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    expect(await screen.findByTestId('load-failed')).toBeInTheDocument();
  });

  it('start loading when preloaded, and the render uses that load instead of importing again', async () => {
    const load = vi.fn<() => Promise<typeof Loaded>>().mockResolvedValue(Loaded);
    const Screen = lazyScreen(load);
    Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await renderScreen(Screen);
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('import again on render when the preload failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const load = vi.fn<() => Promise<typeof Loaded>>().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Loaded);
    const Screen = lazyScreen(load);
    Screen.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    await renderScreen(Screen);
    expect(await screen.findByRole('heading', { name: 'Loaded screen' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
