/**
 * /delivery/completed-orders: the orders the driver delivered, newest first,
 * from the replica (offline with its age). Opening asks for the first page
 * again; "Load more" follows the server's cursor to older ones.
 */
import { useEffect, useState } from 'react';
import type { TextKey } from '../../api/language/texts.ts';
import type { SyncResult } from '../../api/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SavedNote } from '../../ui/SavedNote.tsx';
import { isUnreachable } from '../../base/hooks/use-worker-refresh.ts';
import { DriverOrderCard } from './DriverOrderCard.tsx';
import { useSignedInDriver } from './DriverLayout.tsx';
import { DriverShell } from './DriverShell.tsx';
import { NotYetLoaded } from './NotYetLoaded.tsx';

type Page = SyncResult<{ nextBefore: number | null }>;

export function CompletedOrdersScreen() {
  const t = useT();
  const worker = useSyncWorker();
  const { driver, completed } = useSignedInDriver();
  const [attempt, setAttempt] = useState(0);
  const [first, setFirst] = useState<{ key: string; page: Page } | null>(null);
  /** The next (older) page's cursor once an answer gave one; null on the last page. */
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const key = `${driver.userId}#${attempt}`;

  useEffect(() => {
    let current = true;
    void worker.refreshCompletedOrders().then((page) => {
      if (!current) return;
      setFirst({ key, page });
      if (page.ok) setNextBefore(page.value.nextBefore);
    });
    return () => {
      current = false;
    };
  }, [worker, key]);

  const result = first?.key === key ? first.page : null;
  if (completed.length === 0 && !result?.ok) {
    return <NotYetLoaded result={result} onRetry={() => setAttempt((n) => n + 1)} />;
  }
  const fetchedAt = Math.max(...completed.map((order) => order.fetchedAt));
  return (
    <DriverShell title={t('screenDeliveryCompleted')}>
      {completed.length > 0 && <SavedNote fetchedAt={fetchedAt} />}
      {completed.length === 0 ? (
        <EmptyState>{t('driverCompletedEmpty')}</EmptyState>
      ) : (
        <ul className="grouped-list driver-order-list" aria-label={t('screenDeliveryCompleted')}>
          {completed.map((order) => (
            <DriverOrderCard key={order.unique_order_id} order={order} />
          ))}
        </ul>
      )}
      {nextBefore !== null && <LoadMore before={nextBefore} onPage={setNextBefore} />}
    </DriverShell>
  );
}

function LoadMore({ before, onPage }: { before: number; onPage: (nextBefore: number | null) => void }) {
  const t = useT();
  const worker = useSyncWorker();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<TextKey | null>(null);
  const load = async () => {
    setLoading(true);
    setProblem(null);
    const page = await worker.refreshCompletedOrders(before);
    setLoading(false);
    if (page.ok) onPage(page.value.nextBefore);
    else setProblem(isUnreachable(page) ? 'driverLoadMoreOffline' : failureTextKey(page));
  };
  return (
    <div className="driver-more">
      {problem && (
        <p className="driver-problem" role="alert">
          {t(problem)}
        </p>
      )}
      <button type="button" className="button button-ghost" disabled={loading} onClick={() => void load()}>
        {loading ? t('loading') : t('driverLoadMore')}
      </button>
    </div>
  );
}
