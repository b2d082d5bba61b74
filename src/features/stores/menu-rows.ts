/**
 * The store menu as one flat list of rows for the windowed list: the
 * recommended items first, then each menu section in menu order with its
 * items. Items come in `position` order from the `[restaurant_id+position]`
 * index, so each group keeps the menu's order.
 */
import type { MenuItemRow, MenuSection } from '../../db/schema.ts';

/** Every row names its section (`section`: 'recommended' or the category id), so the section tabs know which one is in view. */
export type MenuRow =
  | { kind: 'heading'; key: string; section: string; title: string }
  | { kind: 'item'; key: string; section: string; item: MenuItemRow };

/** A section of the menu as its tab shows it: its key, its title, and the index of its heading row. */
export interface MenuSectionTab {
  key: string;
  title: string;
  row: number;
}

export interface MenuTitles {
  recommended: string;
  other: string;
}

/** The section id of an item: the worker keeps the server's "Other" (0) as a null category. */
function sectionOf(item: MenuItemRow): number {
  return item.item_category_id ?? 0;
}

export function buildMenuRows(items: readonly MenuItemRow[], sections: readonly MenuSection[] | undefined, titles: MenuTitles): MenuRow[] {
  const rows: MenuRow[] = [];
  const recommended = items.filter((item) => item.is_recommended);
  if (recommended.length > 0) {
    rows.push({ kind: 'heading', key: 'h:recommended', section: 'recommended', title: titles.recommended });
    for (const item of recommended) rows.push({ kind: 'item', key: `r:${item.id}`, section: 'recommended', item });
  }
  const bySection = new Map<number, MenuItemRow[]>();
  const named = new Set((sections ?? []).map((section) => section.id));
  for (const item of items) {
    const id = sectionOf(item);
    // A recommended item the menu's sections do not hold is shown once, under recommended.
    if (sections && !named.has(id) && item.is_recommended) continue;
    const group = bySection.get(id);
    if (group) group.push(item);
    else bySection.set(id, [item]);
  }
  const order = [...(sections ?? [])];
  // Items of a section the store row does not name yet (an older row): after the named ones.
  for (const id of bySection.keys()) {
    if (!order.some((section) => section.id === id)) order.push({ id, name: id === 0 ? titles.other : '' });
  }
  for (const section of order) {
    const group = bySection.get(section.id);
    if (!group || group.length === 0) continue;
    const key = String(section.id);
    rows.push({ kind: 'heading', key: `h:${section.id}`, section: key, title: section.name || titles.other });
    for (const item of group) rows.push({ kind: 'item', key: `s:${item.id}`, section: key, item });
  }
  return rows;
}

/** The menu's sections in order, one per heading row. */
export function menuSectionTabs(rows: readonly MenuRow[]): MenuSectionTab[] {
  const tabs: MenuSectionTab[] = [];
  rows.forEach((row, index) => {
    if (row.kind === 'heading') tabs.push({ key: row.section, title: row.title, row: index });
  });
  return tabs;
}
