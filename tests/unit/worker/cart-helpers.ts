/** Helpers of the cart's worker tests: stores opened through the worker, their dishes as the replica holds them, and server-side changes undone after each test. */
import { readMenu } from '../../../src/db/menu-reads.ts';
import type { MenuItemRow } from '../../../src/db/schema.ts';
import type { TestServer } from '../../support/test-server.ts';
import type { Harness } from './harness.ts';
import { browseFrom, seededStore, type SeededStore } from './riverton.ts';

export const CHECK_PATH = '/public/api/check-cart-items-availability';

export interface OpenedStore extends SeededStore {
  dish(name: string): MenuItemRow;
  /** An add-on id of the dish by its name, e.g. addon('Margherita', 'Large 14"'). */
  addon(dishName: string, addonName: string): number;
}

/** Opens the store through the worker (as the store page does) so its menu is in the replica. */
export async function openedStore(harness: Harness, slug: string): Promise<OpenedStore> {
  const store = await seededStore(harness.server, slug);
  if (!(await harness.db.address.get('current'))) await browseFrom(harness);
  const opened = await harness.service.api.openStore(slug);
  if (!opened.ok) throw new Error(`openStore(${slug}) failed: ${JSON.stringify(opened)}`);
  const menu = await readMenu(harness.db, store.id);
  const dish = (name: string) => {
    const item = menu.find((candidate) => candidate.name === name);
    if (!item) throw new Error(`${slug} has no dish '${name}'`);
    return item;
  };
  const addon = (dishName: string, addonName: string) => {
    const found = dish(dishName)
      .addon_categories.flatMap((group) => group.addons)
      .find((candidate) => candidate.name === addonName);
    if (!found) throw new Error(`${dishName} has no add-on '${addonName}'`);
    return found.id;
  };
  return { ...store, dish, addon };
}

/** Changes made on the server by a test, undone by `undo()` (the server is shared by the file). */
export class ServerChanges {
  private readonly undos: (() => Promise<unknown>)[] = [];

  constructor(private readonly server: () => TestServer) {}

  async item(id: number, change: { is_active?: 0 | 1; price?: number }): Promise<void> {
    const db = this.server().db;
    const before = await db.selectFrom('items').select(['is_active', 'price']).where('id', '=', id).executeTakeFirstOrThrow();
    this.undos.push(() => db.updateTable('items').set({ is_active: before.is_active, price: before.price }).where('id', '=', id).execute());
    await db.updateTable('items').set(change).where('id', '=', id).execute();
  }

  async store(id: number, change: { is_active: 0 | 1 }): Promise<void> {
    const db = this.server().db;
    const before = await db.selectFrom('restaurants').select(['is_active']).where('id', '=', id).executeTakeFirstOrThrow();
    this.undos.push(() => db.updateTable('restaurants').set({ is_active: before.is_active }).where('id', '=', id).execute());
    await db.updateTable('restaurants').set(change).where('id', '=', id).execute();
  }

  async undo(): Promise<void> {
    while (this.undos.length > 0) await this.undos.pop()!();
  }
}

export function checksSent(harness: Harness): { restaurant_id: number; items: { id: number; quantity: number; addon_ids: number[] }[] }[] {
  return harness.network.sent.filter((request) => request.path === CHECK_PATH).map((request) => JSON.parse(request.body));
}
