/**
 * /admin/dashboard: the numbers an administrator looks at first (orders
 * waiting for a store, orders being prepared, stores, languages with
 * missing texts, the published versions), each a link to where to act.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_STORES_PAGE_MAX } from '../../../api/admin/catalog-limits.ts';
import { STORE_ORDERS_LIMIT } from '../../../api/orders/limits.ts';
import { OrderStatus } from '../../../api/orders/status.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { SectionHeader } from '../console-ui.tsx';
import { useConsoleQuery, type ConsoleQuery } from '../use-console-query.ts';

export default function DashboardSection() {
  const t = useT();
  const waiting = useConsoleQuery('get-store-orders', { status: [OrderStatus.PLACED], limit: STORE_ORDERS_LIMIT });
  const preparing = useConsoleQuery('get-store-orders', { status: [OrderStatus.PREPARING], limit: STORE_ORDERS_LIMIT });
  const stores = useConsoleQuery('admin/list-stores', { limit: ADMIN_STORES_PAGE_MAX });
  const languages = useConsoleQuery('admin/get-languages', {});
  const versions = useConsoleQuery('admin/get-versions', {});
  const capped = (count: number, max: number) => (count >= max ? `${max}+` : String(count));

  return (
    <>
      <SectionHeader title={t('consoleDashboard')} intro={t('consoleDashboardIntro')} />
      <div className="console-tiles" data-testid="dashboard-tiles">
        <Tile query={waiting} label={t('consoleTileWaiting')} to="/admin/live-orders">
          {(data) => capped(data.orders.length, STORE_ORDERS_LIMIT)}
        </Tile>
        <Tile query={preparing} label={t('consoleTilePreparing')} to="/admin/live-orders">
          {(data) => capped(data.orders.length, STORE_ORDERS_LIMIT)}
        </Tile>
        <Tile query={stores} label={t('consoleTileStores')} to="/admin/stores">
          {(data) => (data.next_after === null ? String(data.stores.length) : `${data.stores.length}+`)}
        </Tile>
        <Tile query={languages} label={t('consoleTileLanguagesMissing')} to="/admin/languages">
          {(data) => String(data.languages.filter((language) => language.missing_count > 0).length)}
        </Tile>
        <Tile query={versions} label={t('consoleTileVersions')} to="/admin/settings">
          {(data) => `${data.forceNewSettingsVersion} · ${data.forceCacheClearVersion}`}
        </Tile>
      </div>
    </>
  );
}

function Tile<T>({ query, label, to, children }: { query: ConsoleQuery<T>; label: string; to: string; children(data: T): ReactNode }) {
  const t = useT();
  const value = query.state.status === 'ready' ? children(query.state.data) : query.state.status === 'loading' ? '…' : t('consoleUnavailable');
  return (
    <Link to={to} className="console-card console-tile">
      <span className="console-tile-value">{value}</span>
      <span className="console-tile-label">{label}</span>
    </Link>
  );
}
