/**
 * The cart's availability check as a queued action (DESIGN §4): the body
 * check-cart-items-availability takes, the outbox effect that supersedes
 * older checks when a new one is queued, and the answer applied to the lines
 * whenever it comes (the worker's own send, or the service worker's replay
 * broadcast after the network returned).
 *
 * Only the newest check matters, so queuing one deletes every other cart
 * check from the outbox in the same transaction (and the service worker drops
 * older ones from its queue when it stores the new one, sw/outbox-replay.ts).
 * A stale answer that still arrives finds no row and changes nothing.
 */
import { appCalls } from '../../src/api/calls.ts';
import { cartLineKey, type CartLineVerdict } from '../../src/api/cart/rules.ts';
import type { CartAvailability, CartLineInput } from '../../src/api/orders/entities.ts';
import type { CartLineRow, CartMetaRow, ReplicaDatabase } from '../../src/db/schema.ts';
import { findProblem } from '../net/check-shape.ts';
import { dropCartChecks, readCartMeta, writeCartMeta } from './rows.ts';
import { EXPIRED_WORDS, type OutboxEffect } from '../outbox/api.ts';

/**
 * The outbox line of cart checks. A cart belongs to the device, not to a
 * signed-in user (logout keeps it), and a check must neither wait behind nor
 * hold up a customer's queued actions.
 */
export const CART_OUTBOX_USER = 'cart';
export const CART_CHECK_LABEL = 'Check that the dishes in the cart can still be ordered';

export interface CartCheckBody {
  restaurant_id: number;
  items: CartLineInput[];
}

export function cartCheckBody(storeId: number, lines: readonly CartLineRow[]): CartCheckBody {
  return {
    restaurant_id: storeId,
    items: lines.map((line) => ({ id: line.itemId, quantity: line.quantity, addon_ids: line.addons.map((addon) => addon.id) })),
  };
}

function isCheckBody(body: unknown): body is CartCheckBody {
  const candidate = body as Partial<CartCheckBody> | null;
  return typeof candidate?.restaurant_id === 'number' && Array.isArray(candidate.items);
}

/**
 * apply: this check becomes the cart's newest and every other leaves the
 * outbox. settle: the newest check's answer marks the lines; a refusal or an
 * expiry is kept in words for /cart.
 */
export function cartCheckEffect(db: ReplicaDatabase, now: () => number): OutboxEffect {
  return {
    tables: ['cartMeta', 'cartLines'],
    async apply(_tx, entry) {
      await dropCartChecks(db, entry.id);
      const meta = await readCartMeta(db);
      await db.cartMeta.put({ ...meta, check: { ...meta.check, outboxId: entry.id, requestedAt: now(), failure: undefined } });
    },
    async settle(_tx, entry, outcome) {
      const meta = await readCartMeta(db);
      // Superseded, or the cart was emptied or replaced while it waited.
      if (meta.check?.outboxId !== entry.id || !isCheckBody(entry.body)) return;
      if (outcome === 'applied') {
        const answer = entry.response?.body;
        const problem = findProblem(appCalls['check-cart-items-availability'].response, answer);
        if (!problem) {
          await applyAnswer(db, meta, entry.id, entry.body, answer as CartAvailability);
          return;
        }
        await recordFailure(db, meta, entry.id, `The server's answer could not be read (${problem.path || 'body'}: ${problem.message}).`, false);
        return;
      }
      const words = outcome === 'expired' ? EXPIRED_WORDS : (entry.lastError ?? 'The server refused the check.');
      await recordFailure(db, meta, entry.id, words, outcome === 'expired');
    },
  };
}

async function recordFailure(db: ReplicaDatabase, meta: CartMetaRow, outboxId: string, words: string, expired: boolean) {
  if (!meta.check) return;
  await db.cartMeta.put({ ...meta, check: { ...meta.check, failure: { outboxId, words, expired } } });
}

/**
 * The answer names each line in the order sent; a line is found again by
 * its item and add-on choice, so a line removed or changed since is skipped.
 * A new price replaces the line's and the price the customer saw is kept to
 * say it changed; unavailable lines leave the subtotal (cartTotals).
 */
async function applyAnswer(db: ReplicaDatabase, meta: CartMetaRow, outboxId: string, sent: CartCheckBody, answer: CartAvailability) {
  if (answer.restaurant_id !== sent.restaurant_id) return;
  const updates: CartLineRow[] = [];
  for (const [index, asked] of sent.items.entries()) {
    const verdict = answer.items[index];
    if (!verdict || verdict.id !== asked.id) continue;
    const line = await db.cartLines.get(cartLineKey(asked.id, asked.addon_ids));
    if (!line) continue;
    const checked: CartLineVerdict = { available: verdict.available, reason: verdict.reason, checkedAt: answer.checked_at };
    updates.push({ ...line, ...repriced(line, verdict.unit_price), name: verdict.name ?? line.name, verdict: checked });
  }
  await db.cartLines.bulkPut(updates);
  await writeCartMeta(db, {
    check: { ...meta.check!, answer: { outboxId, checkedAt: answer.checked_at, storeOpen: answer.store_open }, failure: undefined },
  });
}

function repriced(line: CartLineRow, serverPrice: number | null): Pick<CartLineRow, 'unitPrice' | 'previousUnitPrice'> {
  if (serverPrice === null || serverPrice === line.unitPrice) return { unitPrice: line.unitPrice, previousUnitPrice: line.previousUnitPrice };
  // A line never priced here (a row from before the cart stored prices) just takes the server's.
  if (line.unitPrice === undefined) return { unitPrice: serverPrice, previousUnitPrice: undefined };
  const seen = line.previousUnitPrice ?? line.unitPrice;
  return { unitPrice: serverPrice, previousUnitPrice: seen === serverPrice ? undefined : seen };
}
