/**
 * What the demo customer's account screens show on a fresh clone: a saved
 * address, a wallet with a few entries (written through the wallet repository's appendEntry,
 * as ordering will), and alerts, one of them read.
 */
import type { Kysely } from 'kysely';
import type { Database, UserRole } from '../db/tables.ts';
import { createWalletRepository } from '../account/wallet-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Minor units: $10.00 welcome, $2.50 cashback, $5.00 top-up: $17.50. */
export const DEMO_WALLET_ENTRIES = [
  { daysAgo: 12, amount: 1000, type: 'welcome', reason: 'Welcome credit', by: 'admin' },
  { daysAgo: 6, amount: 250, type: 'cashback', reason: 'Cashback: first-week offer', by: null },
  { daysAgo: 2, amount: 500, type: 'top_up', reason: 'Top-up through the call centre', by: 'agent' },
] as const;

export const DEMO_ALERTS = [
  { daysAgo: 12, title: 'Welcome to FoodPilot', message: 'Your account is ready. We added $10.00 to your wallet.', read: true, data: { screen: 'my-wallet' } },
  { daysAgo: 6, title: 'Cashback added', message: 'You got $2.50 back in your wallet.', read: false, data: { screen: 'my-wallet' } },
  {
    daysAgo: 1,
    title: 'Weekend offer',
    message: '20% off pasta at Nonna Lucia Trattoria this weekend.',
    read: false,
    data: { restaurant_slug: 'nonna-lucia-trattoria' },
  },
] as const;

export async function seedAccountExtras(trx: Kysely<Database>, userIds: Map<UserRole, number>, createdAt: string): Promise<void> {
  const customerId = userIds.get('customer');
  if (customerId === undefined) return;
  const now = new Date(createdAt).getTime();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY_MS);

  await trx
    .insertInto('addresses')
    .values({
      user_id: customerId,
      latitude: 40.4412,
      longitude: -79.9951,
      address: '12 Market Street, Riverton',
      house: 'Apartment 4B',
      tag: 'Home',
      is_default: 1,
      created_at: createdAt,
    })
    .execute();

  const wallet = createWalletRepository(trx);
  for (const entry of DEMO_WALLET_ENTRIES) {
    await wallet.appendEntry({
      userId: customerId,
      amount: entry.amount,
      type: entry.type,
      reason: entry.reason,
      createdBy: entry.by === null ? null : (userIds.get(entry.by) ?? null),
      now: at(entry.daysAgo),
    }, trx);
  }

  await trx
    .insertInto('notifications')
    .values(
      DEMO_ALERTS.map((alert) => ({
        user_id: customerId,
        title: alert.title,
        message: alert.message,
        data: JSON.stringify(alert.data),
        is_read: alert.read ? 1 : 0,
        // Seeded history: nothing to push.
        push_state: 'none' as const,
        created_at: at(alert.daysAgo).toISOString(),
      })),
    )
    .execute();
}
