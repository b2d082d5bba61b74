/**
 * /explore: matches from the replica at once, then (debounced) the server's
 * search around the address merged in. Offline it still shows what the
 * replica holds.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { Link, useLocation } from 'react-router-dom';
import { useCurrentAddress } from '../../base/hooks/use-replica-rows.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { homeStoreListKey, normaliseQuery, searchKey } from '../../db/keys.ts';
import type { MenuItemRow, StoreRow } from '../../db/schema.ts';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { DishImage } from '../../ui/DishImage.tsx';
import { StoreCardList } from '../stores/StoreCardList.tsx';
import { storeItemPath } from '../../lib/store-paths.ts';
import { storesInOrder, useOrderType } from '../stores/store-rows.ts';
import { useMoney } from '../../ui/use-money.ts';
import { useQueryParam } from '../../ui/use-query-param.ts';
import { isUnreachable, useWorkerRefresh } from '../../base/hooks/use-worker-refresh.ts';
import { MAX_ITEM_RESULTS, MAX_STORE_RESULTS, mergeIds, searchReplica } from './local-search.ts';
import '../../ui/text-field.css';
import './explore.css';

export const SEARCH_DEBOUNCE_MS = 350;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

interface ItemResult {
  item: MenuItemRow;
  store: StoreRow | undefined;
}

interface Results {
  stores: StoreRow[];
  items: ItemResult[];
}

/** Local matches merged with the server's stored answer for this query, as rows. */
function useResults(query: string, serverQuery: string): Results | null {
  const { db } = useServices();
  const address = useCurrentAddress();
  return useLiveQuery(
    async () => {
      const local = await searchReplica(db, query);
      const server =
        address && serverQuery && normaliseQuery(serverQuery) === normaliseQuery(query)
          ? await db.searches.get(searchKey(serverQuery, address))
          : undefined;
      const storeIds = mergeIds(server?.storeIds ?? [], local.storeIds, MAX_STORE_RESULTS);
      const itemIds = mergeIds(server?.itemIds ?? [], local.items.map((item) => item.id), MAX_ITEM_RESULTS);
      const stores = await storesInOrder(db, storeIds);
      // The server's finds were written to `items` with its answer; local ones came with the search.
      const found = new Map(local.items.map((item) => [item.id, item]));
      for (const item of (await db.items.bulkGet(itemIds)) as (MenuItemRow | undefined)[]) if (item) found.set(item.id, item);
      const items = itemIds.flatMap((id) => found.get(id) ?? []);
      const owners = (await db.stores.bulkGet([...new Set(items.map((item) => item.restaurant_id))])) as (StoreRow | undefined)[];
      const byId = new Map(owners.filter((s): s is StoreRow => !!s).map((store) => [store.id, store]));
      return { stores, items: items.map((item) => ({ item, store: byId.get(item.restaurant_id) })) };
    },
    [db, query, serverQuery, address],
    null,
  );
}

/** A titled part of Explore: its heading names it for assistive technology. */
function ExploreSection({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="explore-section">
      <h2 id={id} className="explore-heading">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** What Explore opens with before anything is typed: where to start looking. */
const START_STORES = 6;

interface StartRow {
  id: number;
  name: string;
}

/**
 * Explore before a word is typed (issue 32.8: "Explore opens empty"): the
 * store categories to browse and the stores serving the address, read from
 * the replica the home fills (asked for here when it holds none yet, as on a
 * cold open of /explore).
 */
function ExploreStart() {
  const t = useT();
  const { worker, db } = useServices();
  const address = useCurrentAddress();
  const orderType = useOrderType();
  const start = useLiveQuery(
    async () => {
      const categories = (await db.categories.toArray())
        .flatMap((row): (StartRow & { order: number })[] =>
          typeof row.name === 'string' && row.name !== '' ? [{ id: row.id, name: row.name, order: typeof row.order === 'number' ? row.order : 0 }] : [],
        )
        .sort((a, b) => a.order - b.order);
      const list = address ? await db.storeLists.get(homeStoreListKey(address, orderType)) : undefined;
      const stores = list ? await storesInOrder(db, list.storeIds.slice(0, START_STORES)) : [];
      return { categories, stores, known: list !== undefined };
    },
    [db, address, orderType],
    null,
  );
  useWorkerRefresh('explore-start', () => worker.refreshHome(), !!address && start !== null && !start.known);
  return (
    <>
      <EmptyState>{t('exploreHint')}</EmptyState>
      {start && start.categories.length > 0 && (
        <ExploreSection id="explore-categories" heading={t('exploreCategoriesHeading')}>
          <ul className="explore-categories" data-testid="explore-categories">
            {start.categories.map((category) => (
              <li key={category.id}>
                <Link className="explore-category" to={`/categories/stores?ids=${category.id}`}>
                  {category.name}
                </Link>
              </li>
            ))}
          </ul>
        </ExploreSection>
      )}
      {start && start.stores.length > 0 && (
        <ExploreSection id="explore-nearby" heading={t('exploreNearbyHeading')}>
          <StoreCardList stores={start.stores} orderType={orderType} />
        </ExploreSection>
      )}
    </>
  );
}

export function ExploreScreen() {
  const t = useT();
  const { worker } = useServices();
  const [qParam, setQuery] = useQueryParam('q');
  const query = qParam ?? '';
  const debounced = useDebounced(normaliseQuery(query), SEARCH_DEBOUNCE_MS);
  const { result } = useWorkerRefresh(`search:${debounced}`, () => worker.searchStores(debounced), debounced !== '');
  const results = useResults(query, debounced);
  const orderType = useOrderType();
  const trimmed = normaliseQuery(query);
  const searching = trimmed !== '' && (debounced !== trimmed || result === null);
  const nothing = results && results.stores.length === 0 && results.items.length === 0;
  // The home's search box is a link here: arriving from it, the customer types at once.
  const focusSearch = (useLocation().state as { focusSearch?: boolean } | null)?.focusSearch === true;

  return (
    <ScreenShell title={t('screenExplore')} topLevel>
      <form className="explore-search" role="search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="explore-query" className="visually-hidden">
          {t('exploreSearchLabel')}
        </label>
        <input
          id="explore-query"
          type="search"
          className="text-field"
          placeholder={t('explorePlaceholder')}
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          // Only when the user tapped a search box to get here.
          autoFocus={focusSearch}
          onChange={(event) => setQuery(event.target.value || null)}
        />
      </form>
      {trimmed === '' && <ExploreStart />}
      {trimmed !== '' && isUnreachable(result) && (
        <p className="saved-note" data-testid="explore-offline">
          {t('exploreOfflineNote')}
        </p>
      )}
      {trimmed !== '' && searching && nothing && (
        <p className="saved-note" role="status">
          {t('exploreSearching')}
        </p>
      )}
      {trimmed !== '' && !searching && nothing && <EmptyState>{t('exploreNoResults', { query: query.trim() })}</EmptyState>}
      {trimmed !== '' && results && results.stores.length > 0 && (
        <ExploreSection id="explore-stores" heading={t('exploreStoresHeading')}>
          <StoreCardList stores={results.stores} orderType={orderType} />
        </ExploreSection>
      )}
      {trimmed !== '' && results && results.items.length > 0 && (
        <ExploreSection id="explore-items" heading={t('exploreItemsHeading')}>
          <ul className="explore-items" data-testid="explore-items">
            {results.items.map((result) => (
              <li key={result.item.id}>
                <ItemResultRow {...result} />
              </li>
            ))}
          </ul>
        </ExploreSection>
      )}
    </ScreenShell>
  );
}

function ItemResultRow({ item, store }: ItemResult) {
  const t = useT();
  const money = useMoney();
  const content = (
    <>
      <DishImage src={item.image} />
      <span className="explore-item-text">
        <span className="explore-item-name">{item.name}</span>
        {store && <span className="explore-item-store">{t('exploreItemAt', { store: store.name })}</span>}
      </span>
      <span className="explore-item-price">{money(item.price)}</span>
    </>
  );
  // An item whose store the replica does not hold yet cannot name its page.
  if (!store) return <div className="explore-item" data-testid="explore-item">{content}</div>;
  return (
    <Link to={storeItemPath(store, item.id)} className="explore-item" data-testid="explore-item">
      {content}
    </Link>
  );
}
