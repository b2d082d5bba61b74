/**
 * Everything /checkout shows, in one live read of the replica (STYLE habit
 * 3): the session, the cart, its store as the store page saved it, the
 * server's last quote (a visitor's too, priced before signing in), the ways
 * to pay, an order attempt still unanswered and a card payment still pending. Rows of another user or another store
 * are not this checkout's and read as absent.
 */
import { useLiveQuery } from '../../db/live-query.ts';
import {
  VISITOR_QUOTE_USER_ID,
  type CartCoupon,
  type CheckoutQuoteRow,
  type LastDeliveryAddressRow,
  type PaymentGatewaysRow,
  type PendingPaymentRow,
  type PlaceOrderAttempt,
} from '../../api/checkout/worker-api.ts';
import type { DeliveryAddress } from '../../api/orders/entities.ts';
import { DEFAULT_ORDER_TYPE, type OrderTypePreference } from '../../api/constants.ts';
import { useReplica } from '../../base/services.tsx';
import { PrefKey, type AddressRow, type CartLineRow, type CartMetaRow, type SavedAddressRow, type StoreRow } from '../../db/schema.ts';
import { CUSTOMER_SESSION_ID, customerSessionOf, type CustomerSession } from '../../db/session.ts';

export interface CheckoutView {
  session: CustomerSession | null;
  meta: CartMetaRow | null;
  /** In the order they were first added: the order the worker sends them in. */
  lines: CartLineRow[];
  storeId: number | null;
  /** The cart's store as the replica has it (delivery type, position, radius), when its page was opened here. */
  store: StoreRow | null;
  coupon: CartCoupon | null;
  quote: CheckoutQuoteRow | null;
  gateways: PaymentGatewaysRow | null;
  attempt: PlaceOrderAttempt | null;
  pending: PendingPaymentRow | null;
  currentAddress: AddressRow | null;
  /** The customer's saved addresses, the default first. */
  savedAddresses: SavedAddressRow[];
  preferredOrderType: OrderTypePreference;
  /** Where this customer's last delivery order went: the address chosen when they pick none. */
  lastDeliveryAddress: DeliveryAddress | null;
}

function couponOf(meta: CartMetaRow | undefined): CartCoupon | null {
  const coupon = meta?.coupon as Partial<CartCoupon> | null | undefined;
  if (!coupon || typeof coupon.code !== 'string') return null;
  return { code: coupon.code, applied: coupon.applied ?? null, minSubtotal: coupon.minSubtotal ?? null };
}

function ownRow<T extends { userId: number }>(value: unknown, userId: number | undefined): T | null {
  const row = value as T | undefined;
  return row && userId !== undefined && row.userId === userId ? row : null;
}

export function useCheckoutView(): CheckoutView | null {
  const db = useReplica();
  return useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.cartMeta, db.cartLines, db.stores, db.prefs, db.address, db.addresses], async (): Promise<CheckoutView> => {
        const [sessionRow, meta, lines, prefs, currentAddress, saved] = await Promise.all([
          db.session.get(CUSTOMER_SESSION_ID),
          db.cartMeta.get('cart'),
          db.cartLines.toArray(),
          db.prefs.bulkGet([PrefKey.checkoutQuote, PrefKey.paymentGateways, PrefKey.placeOrderAttempt, PrefKey.pendingPayment, PrefKey.orderType, PrefKey.lastDeliveryAddress]),
          db.address.get('current'),
          db.addresses.toArray() as unknown as Promise<SavedAddressRow[]>,
        ]);
        lines.sort((a, b) => (a.addedAt ?? 0) - (b.addedAt ?? 0) || a.id.localeCompare(b.id));
        const storeId = meta?.store?.id ?? lines[0]?.storeId ?? null;
        const store = storeId === null ? undefined : ((await db.stores.get(storeId)) as StoreRow | undefined);
        const session = sessionRow ? customerSessionOf(sessionRow) : null;
        const [quotePref, gatewaysPref, attemptPref, pendingPref, orderTypePref, lastAddressPref] = prefs.map((row) => row?.value);
        // A visitor's quote is theirs until they sign in; then the customer's own is asked for.
        const quote = ownRow<CheckoutQuoteRow>(quotePref, session?.userId ?? VISITOR_QUOTE_USER_ID);
        return {
          session,
          meta: meta ?? null,
          lines,
          storeId,
          store: store ?? null,
          coupon: couponOf(meta),
          quote: quote && quote.storeId === storeId ? quote : null,
          gateways: (gatewaysPref as PaymentGatewaysRow | undefined) ?? null,
          attempt: ownRow<PlaceOrderAttempt>(attemptPref, session?.userId),
          pending: ownRow<PendingPaymentRow>(pendingPref, session?.userId),
          currentAddress: currentAddress ?? null,
          savedAddresses: session ? saved.sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.id - b.id) : [],
          preferredOrderType: orderTypePref === 'SELFPICKUP' ? 'SELFPICKUP' : DEFAULT_ORDER_TYPE,
          lastDeliveryAddress: ownRow<LastDeliveryAddressRow>(lastAddressPref, session?.userId)?.address ?? null,
        };
      }),
    [db],
    null,
  );
}
