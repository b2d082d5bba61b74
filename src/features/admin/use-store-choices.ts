/**
 * Every store the signed-in user may see, as choices for a picker (the items
 * of a store, a user's stores, an order filter): admin/list-stores page by
 * page. A city's worth of stores is a few pages at most; the picker stops at
 * STORE_CHOICES_MAX rather than read a directory.
 */
import { useEffect, useState } from 'react';
import { ADMIN_STORES_PAGE_MAX } from '../../api/admin/catalog-limits.ts';
import type { AdminStoreList, AdminStoreSummary } from '../../api/admin/catalog-entities.ts';
import type { SyncFailure } from '../../api/sync-result.ts';
import type { ConsoleResult } from './admin-api.ts';
import { useConsoleCall } from './console-session.tsx';

export const STORE_CHOICES_MAX = 1000;

export type StoreChoices = { status: 'loading' } | { status: 'ready'; stores: AdminStoreSummary[] } | { status: 'failed'; error: SyncFailure };

export function useStoreChoices(): StoreChoices {
  const call = useConsoleCall();
  const [choices, setChoices] = useState<StoreChoices>({ status: 'loading' });
  useEffect(() => {
    const abort = new AbortController();
    void (async () => {
      const stores: AdminStoreSummary[] = [];
      let after: number | null = 0;
      while (after !== null && stores.length < STORE_CHOICES_MAX) {
        const result: ConsoleResult<AdminStoreList> = await call('admin/list-stores', { after, limit: ADMIN_STORES_PAGE_MAX }, abort.signal);
        if (abort.signal.aborted) return;
        if (!result.ok) return setChoices({ status: 'failed', error: result });
        stores.push(...result.value.stores);
        after = result.value.next_after;
      }
      setChoices({ status: 'ready', stores });
    })();
    return () => abort.abort();
  }, [call]);
  return choices;
}

export function storeChoicesOf(choices: StoreChoices): AdminStoreSummary[] {
  return choices.status === 'ready' ? choices.stores : [];
}
