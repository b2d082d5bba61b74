/** Replica rows for the alerts and wallet screens. */
import type { WalletTransaction } from '../../../../src/api/entities.ts';
import type { CustomerAlertRow, ReplicaDatabase, WalletRow } from '../../../../src/db/schema.ts';

export const CUSTOMER_ID = 7;

export async function signIn(db: ReplicaDatabase, userId = CUSTOMER_ID): Promise<void> {
  await db.session.put({ id: 'customer', userId, token: 'token-7', role: 'customer', data: { name: 'Sam Carter' }, savedAt: Date.now() });
}

export function alertRow(fields: Partial<CustomerAlertRow> & { id: number }): CustomerAlertRow {
  return {
    title: `Alert ${fields.id}`,
    message: `Message ${fields.id}`,
    data: {},
    is_read: 0,
    created_at: `2030-01-${String(10 + fields.id).padStart(2, '0')}T10:00:00.000Z`,
    userId: CUSTOMER_ID,
    fetchedAt: Date.now(),
    ...fields,
  };
}

export async function putAlerts(db: ReplicaDatabase, rows: CustomerAlertRow[]): Promise<void> {
  await db.alerts.bulkPut(rows);
  await db.syncState.put({ resource: 'alerts', fetchedAt: Date.now(), version: null, error: null, errorAt: null });
}

export function walletEntry(fields: Partial<WalletTransaction> & { id: number; amount: number }): WalletTransaction {
  return {
    balance_after: 0,
    type: fields.amount >= 0 ? 'top_up' : 'order_payment',
    reason: `Entry ${fields.id}`,
    created_at: '2030-01-15T10:00:00.000Z',
    ...fields,
  };
}

export async function putWallet(db: ReplicaDatabase, wallet: Omit<WalletRow, 'userId' | 'fetchedAt'>, fetchedAt = Date.now()): Promise<void> {
  await db.wallet.put({ ...wallet, userId: CUSTOMER_ID, fetchedAt });
}
