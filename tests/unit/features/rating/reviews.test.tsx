import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SyncResult } from '../../../../src/api/worker-api.ts';
import type { ReviewsRow } from '../../../../src/db/schema.ts';
import { renderApp } from '../../support/render-app.tsx';
import { ARABIC, ENGLISH } from '../../support/replica-fixture.ts';

const NONNA: ReviewsRow = {
  slug: 'nonna-lucia-trattoria',
  restaurant: { id: 7, name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria', city: 'riverton' },
  avgRating: 4.67,
  reviews_count: 2,
  reviews: [
    { id: 2, rating: 5, comment: 'Best margherita in Riverton.', user_name: 'Diego', created_at: '2026-03-14T12:00:00.000Z' },
    { id: 1, rating: 4, comment: 'Great lasagne.', user_name: 'Mei', created_at: '2026-02-01T12:00:00.000Z' },
  ],
  fetchedAt: Date.now(),
};

const offline = vi.fn(async (): Promise<SyncResult> => ({ ok: false, reason: 'offline' }));

describe('store reviews (/reviews/:slug)', () => {
  it('shows saved reviews at once, with the store link, the average and each review, and asks the worker to refresh', async () => {
    const { db, worker } = await renderApp({ path: '/reviews/nonna-lucia-trattoria' });
    await db.reviews.put(NONNA);

    const link = await screen.findByRole('link', { name: 'Nonna Lucia Trattoria' });
    expect(link).toHaveAttribute('href', '/stores/riverton/nonna-lucia-trattoria');
    expect(screen.getByTestId('reviews-average')).toHaveTextContent('Rated 4.7 of 5');
    expect(screen.getByTestId('reviews-count')).toHaveTextContent('2 reviews');

    const reviews = screen.getAllByTestId('review');
    expect(reviews).toHaveLength(2);
    expect(reviews[0]).toHaveTextContent('Diego');
    expect(reviews[0]).toHaveTextContent('Best margherita in Riverton.');
    expect(within(reviews[0]!).getByRole('img', { name: '5 of 5 stars' })).toHaveTextContent('★★★★★');
    expect(within(reviews[1]!).getByRole('img', { name: '4 of 5 stars' })).toHaveTextContent('★★★★☆');
    expect(within(reviews[0]!).getByText('March 14, 2026')).toHaveAttribute('datetime', '2026-03-14T12:00:00.000Z');
    expect(worker.openReviews).toHaveBeenCalledWith('nonna-lucia-trattoria');
  });

  it('formats dates in the chosen language', async () => {
    const { db } = await renderApp({ path: '/reviews/nonna-lucia-trattoria', languages: [ENGLISH, ARABIC], chosenLanguageId: ARABIC.id });
    await db.reviews.put(NONNA);
    const expected = new Intl.DateTimeFormat('ar', { year: 'numeric', month: 'long', day: 'numeric' }).format(new Date('2026-03-14T12:00:00.000Z'));
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it('says so when the store has no reviews yet', async () => {
    const { db } = await renderApp({ path: '/reviews/quiet-store' });
    await db.reviews.put({
      ...NONNA,
      slug: 'quiet-store',
      restaurant: { id: 8, name: 'Quiet Store', slug: 'quiet-store', city: '' },
      avgRating: 0,
      reviews_count: 0,
      reviews: [],
    });
    expect(await screen.findByText('No one has reviewed this store yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Quiet Store' })).toHaveAttribute('href', '/stores/quiet-store');
    expect(screen.queryByTestId('review')).toBeNull();
    expect(screen.queryByTestId('reviews-average')).toBeNull();
  });

  it('says "updated N min ago" when it shows saved reviews offline', async () => {
    const { db } = await renderApp({ path: '/reviews/nonna-lucia-trattoria', connectivityError: 'offline', worker: { openReviews: offline } });
    await db.reviews.put({ ...NONNA, fetchedAt: Date.now() - 5 * 60_000 });
    expect(await screen.findByTestId('reviews-updated')).toHaveTextContent('Updated 5 min ago');
    expect(screen.getAllByTestId('review')).toHaveLength(2);
  });

  it('shows the offline screen for reviews never opened on this device', async () => {
    await renderApp({ path: '/reviews/nonna-lucia-trattoria', worker: { openReviews: offline } });
    expect(await screen.findByTestId('offline-screen')).toBeInTheDocument();
  });

  it('shows not-found for a store the server does not have', async () => {
    await renderApp({
      path: '/reviews/no-such-store',
      worker: {
        openReviews: vi.fn(async (): Promise<SyncResult> => ({
          ok: false,
          reason: 'invalid',
          code: 'NOT_FOUND',
          message: "There is no store 'no-such-store'.",
        })),
      },
    });
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
  });
});
