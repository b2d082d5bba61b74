/**
 * An administrator's wallet adjustment (issue 7): a credit or a debit with
 * the reason the user reads, written to the ledger as an 'adjustment' made by
 * the administrator, and to the audit, in one transaction. The ledger's own
 * rule keeps the balance from going below zero (INSUFFICIENT_BALANCE).
 */
import type { FastifyInstance } from 'fastify';
import type { WalletAdjusted } from '../../../src/api/admin/entities.ts';
import { HttpError } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import { adminUser } from './users-admin.ts';

export async function adjustWallet(
  app: FastifyInstance,
  admin: SessionUser,
  userId: number,
  adjustment: { amount: number; reason: string },
): Promise<WalletAdjusted> {
  const reason = adjustment.reason.trim().replace(/\s+/g, ' ');
  const problems = [
    ...(adjustment.amount === 0 ? [{ path: '/amount', message: 'must not be 0' }] : []),
    ...(reason === '' ? [{ path: '/reason', message: 'must not be blank: the user reads it in their wallet' }] : []),
  ];
  if (problems.length > 0) throw new HttpError(400, 'VALIDATION_FAILED', 'An adjustment needs an amount and a reason.', problems);
  // Checked before the ledger is touched: an unknown or deleted user is a 404, not a failed write.
  await adminUser(app, userId);
  const transaction = await app.db.transaction().execute(async (trx) => {
    const entry = await app.walletRepository.appendEntry({ userId, amount: adjustment.amount, type: 'adjustment', reason, createdBy: admin.id }, trx);
    await app.auditRepository.record({
      userId: admin.id,
      role: admin.role,
      action: 'admin/adjust-wallet',
      entity: 'wallet',
      entityId: userId,
      details: { amount: adjustment.amount, reason, balance_after: entry.balance_after, wallet_transaction_id: entry.id },
    }, trx);
    return entry;
  });
  return { user: await adminUser(app, userId), transaction };
}
