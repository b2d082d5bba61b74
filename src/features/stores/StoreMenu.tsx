/** The menu: recommended, then sections in menu order, windowed so 5,000 items stay light. */
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { StoreRow } from '../../db/schema.ts';
import { useT } from '../../app/look.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { buildMenuRows, type MenuRow } from './menu-rows.ts';
import { rememberMenuScroll } from './menu-scroll.ts';
import { storeItemPath } from './store-paths.ts';
import { useMenuItems } from './store-page-rows.ts';
import { useMoney } from './use-money.ts';
import { WindowedList } from './WindowedList.tsx';

/** Row heights in px; the CSS gives the rows exactly these heights. */
export const MENU_HEADING_HEIGHT = 52;
export const MENU_ITEM_HEIGHT = 96;

export function StoreMenu({ store, menuSaved }: { store: StoreRow; menuSaved: boolean }) {
  const t = useT();
  const items = useMenuItems(store.id);
  const rows = useMemo(
    () => buildMenuRows(items ?? [], store.menuSections, { recommended: t('menuRecommended'), other: t('menuOther') }),
    [items, store.menuSections, t],
  );
  const rowHeight = useCallback((row: MenuRow) => (row.kind === 'heading' ? MENU_HEADING_HEIGHT : MENU_ITEM_HEIGHT), []);
  const rowKey = useCallback((row: MenuRow) => row.key, []);
  const renderRow = useCallback((row: MenuRow) => <MenuRowView row={row} store={store} />, [store]);
  if (items === null) return null;
  if (rows.length === 0) return <EmptyState>{menuSaved ? t('menuEmpty') : t('menuNotSaved')}</EmptyState>;
  return (
    <WindowedList rows={rows} rowHeight={rowHeight} rowKey={rowKey} renderRow={renderRow} className="store-menu" testId="store-menu" />
  );
}

function MenuRowView({ row, store }: { row: MenuRow; store: StoreRow }) {
  const t = useT();
  const money = useMoney();
  if (row.kind === 'heading') return <h3 className="menu-heading">{row.title}</h3>;
  const { item } = row;
  return (
    <Link
      to={storeItemPath(store, item.id)}
      className={`menu-item${item.is_active ? '' : ' menu-item-inactive'}`}
      data-testid="menu-item"
      state={{ fromMenu: true }}
      onClick={rememberMenuScroll}
    >
      <span className="menu-item-text">
        <span className="menu-item-name">
          {item.is_veg && <span className="veg-mark" role="img" aria-label={t('itemVeg')} />}
          {item.name}
        </span>
        {item.description && <span className="menu-item-description">{item.description}</span>}
        <span className="menu-item-price">{item.is_active ? money(item.price) : t('itemUnavailable')}</span>
      </span>
      {item.image && <img className="menu-item-image" src={item.image} alt="" loading="lazy" decoding="async" />}
    </Link>
  );
}
