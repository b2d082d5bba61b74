import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../support/render-app.tsx';
import { SAMPLE_ADDRESS } from '../../support/replica-fixture.ts';

const NOT_PRIMARY = [{ id: 1, name: 'Harbour', latitude: 1, longitude: 2, is_default: false }];

describe("'Critical Error: Primary location is not set by Admin'", () => {
  it('shows with numbered steps when there is no address and no primary location', async () => {
    const { worker } = await renderApp({ popularLocations: NOT_PRIMARY, popularLocationsFetched: true });

    const page = await screen.findByTestId('critical-error');
    expect(screen.getByRole('heading', { level: 1, name: 'Critical Error: Primary location is not set by Admin' })).toBeInTheDocument();
    expect(page.querySelectorAll('ol li')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(worker.refreshPopularLocations).toHaveBeenCalledOnce();
  });

  it('does not show before the popular locations were ever fetched', async () => {
    await renderApp({ popularLocations: [] });
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('critical-error')).toBeNull();
  });

  it('does not show when the user has an address', async () => {
    await renderApp({ popularLocations: NOT_PRIMARY, popularLocationsFetched: true, address: SAMPLE_ADDRESS });
    expect(await screen.findByTestId('header-address')).toBeInTheDocument();
    expect(screen.queryByTestId('critical-error')).toBeNull();
  });

  it('goes away once a primary location arrives', async () => {
    const { db } = await renderApp({ popularLocations: NOT_PRIMARY, popularLocationsFetched: true });
    await screen.findByTestId('critical-error');
    await db.popularLocations.put({ id: 2, name: 'Centre', latitude: 1, longitude: 2, is_default: true, fetchedAt: Date.now() });
    expect(await screen.findByTestId('tab-bar')).toBeInTheDocument();
    expect(screen.queryByTestId('critical-error')).toBeNull();
  });
});
