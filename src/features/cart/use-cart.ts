/** Live reads of the cart (STYLE habit 3): the worker writes it, these follow. */
import { useLiveQuery } from '../../db/live-query.ts';
import type { CartLineRow, CartMetaRow } from '../../db/schema.ts';
import { useReplica } from '../../base/services.tsx';
import { cartCheckView, type CartCheckView } from './cart-check-view.ts';

export interface CartState {
  meta: CartMetaRow | null;
  /** In the order they were first added. */
  lines: CartLineRow[];
  check: CartCheckView;
}

/** The cart with what its newest availability check is doing; null while reading. */
export function useCart(): CartState | null {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', db.cartMeta, db.cartLines, db.outbox, async (): Promise<CartState> => {
        const [meta, lines] = await Promise.all([db.cartMeta.get('cart'), db.cartLines.toArray()]);
        const row = meta?.check ? await db.outbox.get(meta.check.outboxId) : undefined;
        lines.sort((a, b) => (a.addedAt ?? 0) - (b.addedAt ?? 0) || a.id.localeCompare(b.id));
        return { meta: meta ?? null, lines, check: cartCheckView(meta?.check, row) };
      }),
    [db],
    null,
  );
}

/** The cart's meta row (totals, store); null while reading or when there is none. */
export function useCartMeta(): CartMetaRow | null {
  const db = useReplica();
  return useLiveQuery(async () => (await db.cartMeta.get('cart')) ?? null, [db], null);
}
