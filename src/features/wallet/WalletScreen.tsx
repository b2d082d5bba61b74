/**
 * /my-wallet: the signed-in customer's balance and ledger, newest first, in
 * the configured currency symbol and side; read from the replica, so it
 * shows offline with its age.
 */
import { useLiveQuery } from '../../db/live-query.ts';
import type { WalletTransaction } from '../../api/entities.ts';
import type { WalletRow } from '../../db/schema.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { useMoney } from '../../ui/use-money.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import './wallet.css';
import { SignInFirst } from '../../ui/SignInFirst.tsx';
import '../../ui/grouped-list.css';

interface WalletView {
  signedIn: boolean;
  userId: number | null;
  wallet: WalletRow | null;
}

function useWallet(): WalletView | null {
  const { db } = useServices();
  return useLiveQuery(
    async (): Promise<WalletView> => {
      const session = await db.session.get('customer');
      if (!session) return { signedIn: false, userId: null, wallet: null };
      return { signedIn: true, userId: session.userId, wallet: (await db.wallet.get(session.userId)) ?? null };
    },
    [db],
    null,
  );
}

/** '+$10.00' for what came in, '-$3.00' for what went out. */
export function signedAmount(amount: number, money: (minorUnits: number) => string): string {
  return amount > 0 ? `+${money(amount)}` : money(amount);
}

function TransactionItem({ entry }: { entry: WalletTransaction }) {
  const t = useT();
  const money = useMoney();
  const locale = useLanguage()?.code;
  const credit = entry.amount >= 0;
  return (
    <li className="wallet-entry" data-testid="wallet-entry">
      <span className="wallet-entry-text">
        <span className="wallet-entry-reason">{entry.reason}</span>
        <time className="wallet-entry-date" dateTime={entry.created_at}>
          {formatDate(entry.created_at, locale)}
        </time>
      </span>
      <span className={`wallet-entry-amount${credit ? ' is-credit' : ' is-debit'}`} data-testid="wallet-entry-amount">
        <span className="visually-hidden">{credit ? t('walletCredit') : t('walletDebit')}: </span>
        {signedAmount(entry.amount, money)}
      </span>
    </li>
  );
}

export function WalletScreen() {
  const t = useT();
  const money = useMoney();
  const { worker } = useServices();
  const view = useWallet();
  const { result, retry } = useWorkerRefresh(`wallet:${view?.userId ?? ''}`, () => worker.refreshWallet(), view?.signedIn === true);
  const title = t('screenWallet');

  if (view === null) return <ScreenFallback />;
  if (!view.signedIn) {
    return <SignInFirst title={title} text={t('walletSignIn')} />;
  }
  const { wallet } = view;
  if (!wallet) {
    // An answer that worked is on its way into the replica.
    if (result === null || result.ok) return <ScreenFallback />;
    if (isUnreachable(result)) return <OfflineScreen onRetry={retry} />;
    return <LoadFailedScreen onRetry={retry} />;
  }

  return (
    <ScreenShell title={title} className="wallet-screen">
      <SavedNote fetchedAt={wallet.fetchedAt} />
      <section className="card wallet-balance" aria-labelledby="wallet-balance-label">
        <h2 id="wallet-balance-label" className="wallet-balance-label">
          {t('walletBalance')}
        </h2>
        <p className="wallet-balance-amount" data-testid="wallet-balance">
          {money(wallet.balance)}
        </p>
      </section>
      <h2 className="wallet-heading">{t('walletTransactions')}</h2>
      {wallet.transactions.length === 0 ? (
        <EmptyState>{t('walletEmpty')}</EmptyState>
      ) : (
        <ul className="grouped-list wallet-entries">
          {wallet.transactions.map((entry) => (
            <TransactionItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </ScreenShell>
  );
}
