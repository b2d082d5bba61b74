/**
 * The cart's shapes and rules, written once for the item sheet (which says
 * what is wrong before anything is added) and the sync worker (which checks
 * again before it writes a line). The server stays the judge: its
 * check-cart-items-availability answers ADDONS_CHANGED when a choice breaks
 * these same group rules. Money is integer minor units.
 */
import type { AddonCategory } from '../entities.ts';
import type { UnavailableReason } from '../orders/limits.ts';

/** An add-on as the line keeps it: enough to show and price it with no menu at hand (a cache clear keeps the cart, not the menus). */
export interface CartLineAddon {
  id: number;
  name: string;
  price: number;
  groupId: number;
  groupName: string;
}

/** The store a cart belongs to, kept with the cart so /cart can name it and link back offline. */
export interface CartStoreRef {
  id: number;
  name: string;
  slug: string;
  city: string;
}

/** The server's last word on a line (check-cart-items-availability). */
export interface CartLineVerdict {
  available: boolean;
  reason: UnavailableReason | null;
  /** The answer's checked_at. */
  checkedAt: string;
}

/** One line of the cart: an item with one add-on choice. */
export interface CartLine {
  /** cartLineKey(itemId, add-on ids): the same item with the same choice is the same line. */
  id: string;
  itemId: number;
  storeId: number;
  quantity: number;
  addons: CartLineAddon[];
  name: string;
  /** Item price plus its add-ons, per unit: the menu's when added, the server's once a check answered. */
  unitPrice: number;
  /** When the line was first added (ms): lines show in this order. */
  addedAt: number;
  image?: string | null;
  verdict?: CartLineVerdict;
  /** The unit price the customer saw before a check found another one; cleared when the price comes back. */
  previousUnitPrice?: number;
}

/**
 * A line as the replica holds it: the fields past `addons` are optional only
 * because rows written before the cart feature lack them; such a row counts
 * as unpriced until a check answers for it.
 */
export type StoredCartLine = Pick<CartLine, 'id' | 'itemId' | 'storeId' | 'quantity' | 'addons'> &
  Partial<Omit<CartLine, 'id' | 'itemId' | 'storeId' | 'quantity' | 'addons'>>;

/** The key of a line: the item and its add-on ids in ascending order, so a choice made in any order is one line. */
export function cartLineKey(itemId: number, addonIds: readonly number[]): string {
  return `${itemId}:${[...addonIds].sort((a, b) => a - b).join(',')}`;
}

export type AddonGroupRule = Pick<AddonCategory, 'id' | 'name' | 'type' | 'min_select' | 'max_select' | 'addons'>;

/** How many add-ons of a group may be chosen: a SINGLE group at most one, a MULTI group up to max_select (null: any number). */
export function addonLimits(group: Pick<AddonCategory, 'type' | 'min_select' | 'max_select'>): { min: number; max: number | null } {
  if (group.type === 'SINGLE') return { min: Math.min(1, Math.max(0, group.min_select)), max: 1 };
  const min = Math.max(0, group.min_select);
  const max = group.max_select === null ? null : Math.max(min, group.max_select);
  return { min, max };
}

export type AddonChoiceProblem =
  | { kind: 'too-few'; groupId: number; min: number; max: number | null }
  | { kind: 'too-many'; groupId: number; min: number; max: number | null }
  /** An id no group of the item offers (or offered twice): only a stale or forged choice has one. */
  | { kind: 'unknown-addon'; addonId: number };

/** Every rule the choice breaks, groups in the item's order; empty when it can be added. */
export function addonChoiceProblems(groups: readonly AddonGroupRule[], chosenIds: readonly number[]): AddonChoiceProblem[] {
  const problems: AddonChoiceProblem[] = [];
  const offered = new Set(groups.flatMap((group) => group.addons.map((addon) => addon.id)));
  const seen = new Set<number>();
  for (const id of chosenIds) {
    if (!offered.has(id) || seen.has(id)) problems.push({ kind: 'unknown-addon', addonId: id });
    seen.add(id);
  }
  for (const group of groups) {
    const { min, max } = addonLimits(group);
    const count = group.addons.filter((addon) => seen.has(addon.id)).length;
    if (count < min) problems.push({ kind: 'too-few', groupId: group.id, min, max });
    else if (max !== null && count > max) problems.push({ kind: 'too-many', groupId: group.id, min, max });
  }
  return problems;
}

/** The chosen add-ons as a line keeps them, in the item's order. */
export function chosenAddons(groups: readonly AddonGroupRule[], chosenIds: readonly number[]): CartLineAddon[] {
  const chosen = new Set(chosenIds);
  return groups.flatMap((group) =>
    group.addons
      .filter((addon) => chosen.has(addon.id))
      .map((addon) => ({ id: addon.id, name: addon.name, price: addon.price, groupId: group.id, groupName: group.name })),
  );
}

/** Item price plus the chosen add-ons' prices, per unit. */
export function unitPriceOf(itemPrice: number, addons: readonly Pick<CartLineAddon, 'price'>[]): number {
  return addons.reduce((sum, addon) => sum + addon.price, itemPrice);
}

/**
 * The spec's cart totals: every unit counts in productQuantity (the tab
 * badge), but a line the server marked unavailable cannot be bought, so it is
 * left out of totalPrice (the subtotal). A line with no price yet (a row from
 * before the cart stored one) counts as 0 until a check prices it.
 */
export function cartTotals(lines: readonly Pick<Partial<CartLine>, 'quantity' | 'unitPrice' | 'verdict'>[]): {
  productQuantity: number;
  totalPrice: number;
} {
  let productQuantity = 0;
  let totalPrice = 0;
  for (const line of lines) {
    const quantity = line.quantity ?? 0;
    productQuantity += quantity;
    if (line.verdict?.available !== false) totalPrice += (line.unitPrice ?? 0) * quantity;
  }
  return { productQuantity, totalPrice };
}
