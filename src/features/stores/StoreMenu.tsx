/**
 * The menu: recommended, then sections in menu order, windowed so 5,000 items
 * stay light. Above it the section tabs (sticky, marking the section in view,
 * jumping to one); on each row a "+" that adds one of a dish with no required
 * choice straight to the cart (the item sheet's worker call) and opens the
 * item sheet for a dish that needs a choice.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { addonChoiceProblems } from '../../api/cart/rules.ts';
import type { MenuItemRow, StoreRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ReplaceCartDialog } from '../cart/ReplaceCartDialog.tsx';
import { useAddToCart } from '../cart/use-add-to-cart.ts';
import { buildMenuRows, menuSectionTabs, type MenuRow, type MenuSectionTab } from './menu-rows.ts';
import { rememberMenuScroll } from './menu-scroll.ts';
import { MenuTabs } from './MenuTabs.tsx';
import { storeItemPath } from '../../lib/store-paths.ts';
import { useMenuItems } from './store-page-rows.ts';
import { MENU_STUCK_TOP_PX, useActiveSection } from './use-active-section.ts';
import { useMoney } from '../../ui/use-money.ts';
import { rowOffsets, WindowedList } from './WindowedList.tsx';
import { sizedImageProps } from '../../api/sized-images.ts';

/** Row heights in px; the CSS gives the rows exactly these heights. */
export const MENU_HEADING_HEIGHT = 52;
export const MENU_ITEM_HEIGHT = 96;

const rowHeight = (row: MenuRow) => (row.kind === 'heading' ? MENU_HEADING_HEIGHT : MENU_ITEM_HEIGHT);
const rowKey = (row: MenuRow) => row.key;

/** A dish the "+" can add as it is: no add-on group asks for a choice. */
export function addsWithoutChoice(item: Pick<MenuItemRow, 'addon_categories'>): boolean {
  return addonChoiceProblems(item.addon_categories, []).length === 0;
}

export function StoreMenu({ store, menuSaved }: { store: StoreRow; menuSaved: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const items = useMenuItems(store.id);
  const rows = useMemo(
    () => buildMenuRows(items ?? [], store.menuSections, { recommended: t('menuRecommended'), other: t('menuOther') }),
    [items, store.menuSections, t],
  );
  const sections = useMemo(() => menuSectionTabs(rows), [rows]);
  const offsets = useMemo(() => rowOffsets(rows, rowHeight), [rows]);
  const listRef = useRef<HTMLDivElement>(null);
  const { active, observe, jumpedTo } = useActiveSection(sections[0]?.key ?? null, listRef);
  const quick = useQuickAdd(store);

  const jump = useCallback(
    (section: MenuSectionTab) => {
      const list = listRef.current;
      if (!list) return;
      jumpedTo(section.key);
      const top = window.scrollY + list.getBoundingClientRect().top + (offsets[section.row] ?? 0) - MENU_STUCK_TOP_PX;
      window.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
    },
    [offsets, jumpedTo],
  );

  const openItem = useCallback(
    (item: MenuItemRow) => {
      rememberMenuScroll();
      void navigate(storeItemPath(store, item.id), { state: { fromMenu: true } });
    },
    [navigate, store],
  );
  const { add } = quick;
  const onQuickAdd = useCallback((item: MenuItemRow) => (addsWithoutChoice(item) ? add(item) : openItem(item)), [add, openItem]);
  const renderRow = useCallback(
    (row: MenuRow) => <MenuRowView row={row} store={store} observe={observe} onQuickAdd={onQuickAdd} />,
    [store, observe, onQuickAdd],
  );
  if (items === null) return null;
  if (rows.length === 0) return <EmptyState>{menuSaved ? t('menuEmpty') : t('menuNotSaved')}</EmptyState>;
  return (
    <>
      {sections.length > 1 && <MenuTabs sections={sections} active={active} onJump={jump} />}
      <WindowedList rows={rows} rowHeight={rowHeight} rowKey={rowKey} renderRow={renderRow} className="store-menu" testId="store-menu" listRef={listRef} />
      <p className="visually-hidden" role="status" data-testid="quick-add-status">
        {quick.added}
      </p>
      {quick.message && (
        <p className="menu-quick-problem" role="alert" data-testid="quick-add-problem">
          {quick.message}
        </p>
      )}
      {quick.question && <ReplaceCartDialog question={quick.question} busy={quick.busy} onConfirm={quick.confirmReplace} onCancel={quick.keepCart} />}
    </>
  );
}

/** The "+" of the menu's rows: one of the dish, through the item sheet's addToCart, and a word when it is in. */
function useQuickAdd(store: StoreRow) {
  const t = useT();
  const [added, setAdded] = useState('');
  const pending = useRef<string>('');
  const adding = useAddToCart(store.name, () => setAdded(t('menuQuickAdded', { name: pending.current })));
  const { busy, add: request } = adding;
  const add = useCallback(
    (item: MenuItemRow) => {
      if (busy) return;
      pending.current = item.name;
      setAdded('');
      void request({ storeId: store.id, itemId: item.id, addonIds: [], quantity: 1 });
    },
    [busy, request, store.id],
  );
  return { ...adding, add, added };
}

interface MenuRowViewProps {
  row: MenuRow;
  store: StoreRow;
  observe: (element: HTMLElement | null) => (() => void) | undefined;
  onQuickAdd(item: MenuItemRow): void;
}

function MenuRowView({ row, store, observe, onQuickAdd }: MenuRowViewProps) {
  const t = useT();
  const money = useMoney();
  if (row.kind === 'heading') {
    return (
      <h3 ref={observe} className="menu-heading" data-section={row.section}>
        {row.title}
      </h3>
    );
  }
  const { item } = row;
  const canAdd = item.is_active && store.is_active;
  return (
    <div ref={observe} className="menu-row" data-section={row.section}>
      <Link
        to={storeItemPath(store, item.id)}
        className={`menu-item${item.is_active ? '' : ' menu-item-inactive'}${canAdd && !item.image ? ' menu-item-no-image' : ''}`}
        data-testid="menu-item"
        state={{ fromMenu: true }}
        onClick={rememberMenuScroll}
      >
        <span className="menu-item-text">
          <span className="menu-item-name">
            {item.is_veg && <span className="veg-mark" role="img" aria-label={t('itemVeg')} />}
            <bdi>{item.name}</bdi>
          </span>
          {item.description && (
            <span className="menu-item-description" dir="auto">
              {item.description}
            </span>
          )}
          <span className="menu-item-price">{item.is_active ? money(item.price) : t('itemUnavailable')}</span>
        </span>
        {item.image && <img className="menu-item-image" src={item.image} {...sizedImageProps(item.image, 68)} alt="" width={68} height={68} loading="lazy" decoding="async" />}
      </Link>
      {canAdd && (
        <button type="button" className="menu-quick-add" aria-label={t('menuQuickAdd', { name: item.name })} data-testid="quick-add" onClick={() => onQuickAdd(item)}>
          <span aria-hidden="true">+</span>
        </button>
      )}
    </div>
  );
}
