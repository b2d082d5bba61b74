import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrefKey } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';

describe('offline banner', () => {
  it('shows when the last request failed by network, and leaves how old the data is to the screen (one age on the page, not two)', async () => {
    await renderApp({ connectivityError: 'offline', settingsFetchedAt: Date.now() - 12 * 60_000 - 30_000 });
    const banner = await screen.findByTestId('offline-banner');
    expect(banner).toHaveTextContent('You are offline. Showing what was saved on this device.');
    expect(banner).not.toHaveTextContent('Updated');
    expect(screen.queryByTestId('simulated-offline-mark')).toBeNull();
  });

  it('says it for a request that timed out too', async () => {
    await renderApp({ connectivityError: 'timeout', settingsFetchedAt: Date.now() - 5_000 });
    expect(await screen.findByTestId('offline-banner')).toHaveTextContent('You are offline.');
  });

  it('shows with a visible mark while offline mode is simulated', async () => {
    await renderApp({ prefs: { [PrefKey.simulatedOffline]: true } });
    expect(await screen.findByTestId('offline-banner')).toBeInTheDocument();
    expect(screen.getByTestId('simulated-offline-mark')).toHaveTextContent('Offline mode is simulated');
  });

  it('is absent while online, and goes when the worker reaches the server again', async () => {
    const { db } = await renderApp({ connectivityError: 'offline' });
    await screen.findByTestId('offline-banner');
    await db.syncState.put({ resource: 'connectivity', fetchedAt: Date.now(), version: null, error: null, errorAt: null });
    await screen.findByTestId('tab-bar');
    await expect.poll(() => screen.queryByTestId('offline-banner')).toBeNull();
  });
});
