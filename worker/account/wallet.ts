/**
 * The signed-in customer's wallet (/my-wallet): balance and ledger, kept
 * whole per user in `wallet`, so the screen reads it offline with its age.
 */
import type { SyncResult } from '../../src/api/worker-api.ts';
import { SyncResource } from '../../src/db/schema.ts';
import { NOT_SIGNED_IN, customerSession } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { markFailed, markFetched } from '../replica/sync-state.ts';

export async function refreshWallet(ctx: SyncContext): Promise<SyncResult> {
  const session = await customerSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  const result = await ctx.api.call('get-wallet-transactions', { token: session.token, user_id: session.userId });
  const at = ctx.now();
  if (!result.ok) {
    await markFailed(ctx.db, SyncResource.wallet, result, at);
    return result;
  }
  const { db } = ctx;
  await db.transaction('rw', db.wallet, db.syncState, async () => {
    await db.wallet.put({ userId: session.userId, balance: result.value.balance, transactions: result.value.transactions, fetchedAt: at });
    await markFetched(db, SyncResource.wallet, at);
  });
  return { ok: true };
}
