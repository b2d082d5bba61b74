/**
 * The running order and rating methods of the sync worker double. They
 * answer ok and leave the replica alone: a test writes the `runningOrder`
 * rows it needs (fixtures in tests/unit/features/running-order) and passes
 * its own answers for the rating calls.
 */
import { vi } from 'vitest';
import type { RatableOrder, RateOrderResult } from '../../../src/api/orders/entities.ts';
import type { RatingInput, RunningOrderRef, TrackingWorkerApi } from '../../../src/api/orders/worker-api.ts';
import type { SyncResult } from '../../../src/api/worker-api.ts';

export const SAMPLE_RATABLE_ORDER: RatableOrder = {
  unique_order_id: 'FP-RATE0001',
  restaurant: { id: 7, name: 'Nonna Lucia Trattoria', slug: 'nonna-lucia-trattoria', city: 'riverton', image: '/public/images/stores/nonna.svg', latitude: 40.44, longitude: -79.99 },
  order_type: 'DELIVERY',
  total: 2480,
  delivered_at: '2030-01-16T12:40:00.000Z',
  driver_name: 'Priya Natarajan',
};

export function trackingWorkerDefaults() {
  return {
    checkRunningOrder: vi.fn(async (): Promise<SyncResult<RunningOrderRef | null>> => ({ ok: true as const, value: null })),
    trackOrder: vi.fn(async (_uniqueOrderId: string): Promise<SyncResult> => ({ ok: true as const })),
    stopTracking: vi.fn(async (_uniqueOrderId: string): Promise<void> => {}),
    openRatableOrder: vi.fn(async (uniqueOrderId: string): Promise<SyncResult<RatableOrder>> => ({
      ok: true as const,
      value: { ...SAMPLE_RATABLE_ORDER, unique_order_id: uniqueOrderId },
    })),
    rateOrder: vi.fn(async (input: RatingInput): Promise<SyncResult<RateOrderResult>> => ({
      ok: true as const,
      value: {
        success: true as const,
        rating: { id: 1, unique_order_id: input.uniqueOrderId, rating: input.rating, comment: input.comment, driver_rating: input.driverRating, created_at: '2030-01-16T13:00:00.000Z' },
        store: { id: SAMPLE_RATABLE_ORDER.restaurant.id, avgRating: 4.6, reviews_count: 12 },
      },
    })),
  } satisfies TrackingWorkerApi;
}
