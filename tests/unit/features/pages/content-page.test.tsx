import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import { renderApp } from '../../support/render-app.tsx';

const ABOUT = {
  id: 1,
  name: 'About us',
  slug: 'about-us',
  body: '<h2>Local kitchens</h2><p>Every store is a local business.</p><script>window.hacked = true</script>',
  updated_at: '2026-11-01T10:00:00.000Z',
};

describe('content page (/pages/:slug)', () => {
  it('shows a saved page at once, sanitised, and asks the worker to refresh it', async () => {
    const { db, worker } = await renderApp({ path: '/pages/about-us' });
    await db.pages.put({ ...ABOUT, fetchedAt: Date.now() });
    expect(await screen.findByRole('heading', { level: 1, name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText('Every store is a local business.')).toBeInTheDocument();
    expect(screen.getByTestId('content-page').querySelector('script')).toBeNull();
    expect(worker.openPage).toHaveBeenCalledWith('about-us');
  });

  it('shows the page the worker fetched for a first visit', async () => {
    const { db } = await renderApp({
      path: '/pages/about-us',
      worker: {
        openPage: vi.fn(async (): Promise<SyncResult> => {
          await db.pages.put({ ...ABOUT, fetchedAt: Date.now() });
          return { ok: true };
        }),
      },
    });
    expect(await screen.findByText('Every store is a local business.')).toBeInTheDocument();
  });

  it('says "updated N min ago" when it shows a saved page offline', async () => {
    const { db } = await renderApp({
      path: '/pages/about-us',
      connectivityError: 'offline',
      worker: { openPage: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    await db.pages.put({ ...ABOUT, fetchedAt: Date.now() - 5 * 60_000 });
    expect(await screen.findByTestId('page-updated')).toHaveTextContent('Updated 5 min ago');
  });

  it('shows the offline screen for a page never opened on this device, with the configured texts', async () => {
    await renderApp({
      path: '/pages/privacy',
      settings: { offlineTitleMessage: 'No signal', offlineSubTitleMessage: 'Open this page once online.' },
      worker: { openPage: vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' })) },
    });
    const offline = await screen.findByTestId('offline-screen');
    expect(offline).toHaveTextContent('No signal');
    expect(offline).toHaveTextContent('Open this page once online.');
  });

  it('shows not-found for a page the server does not have', async () => {
    await renderApp({
      path: '/pages/no-such-page',
      worker: {
        openPage: vi.fn(async (): Promise<SyncResult> => ({
          ok: false,
          reason: 'invalid',
          code: 'NOT_FOUND',
          message: "There is no page 'no-such-page'.",
        })),
      },
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
