/**
 * From what the customer picked (the draft) and what the replica holds (the
 * store, the addresses, the quote, the ways to pay) to the choices the
 * worker prices and places: the order type the store allows (spec §4), an
 * address inside its delivery area, the tip in minor units, the payment mode
 * and whether the wallet pays first.
 */
import type { CheckoutChoices, CheckoutQuoteRow, PaymentGatewaysRow } from '../../api/checkout/worker-api.ts';
import type { DeliveryAddress } from '../../api/orders/entities.ts';
import { MAX_TIP, PAYMENT_MODES, type OrderType, type PaymentMode } from '../../api/orders/limits.ts';
import { offersDelivery, offersPickup } from '../../api/delivery-types.ts';
import type { TextKey } from '../../api/language/texts.ts';
import type { AddressRow, SavedAddressRow, StoreRow } from '../../db/schema.ts';
import { isWithinDeliveryArea, type DeliveryArea } from '../../lib/geo-distance.ts';
import type { CheckoutDraft, TipChoice } from './use-checkout-draft.ts';

/** The tip presets, percent of the subtotal. */
export const TIP_PERCENTS = [10, 15, 20] as const;

export function orderTypesOf(store: Pick<StoreRow, 'delivery_type'> | null): OrderType[] {
  // A store whose page was never opened here offers both: the server says if a type is not offered.
  if (store?.delivery_type === undefined) return ['DELIVERY', 'SELFPICKUP'];
  const types: OrderType[] = [];
  if (offersDelivery(store.delivery_type)) types.push('DELIVERY');
  if (offersPickup(store.delivery_type)) types.push('SELFPICKUP');
  return types;
}

/** Spec §4: a store of one type decides; a store of both follows the customer's choice, else their preference. */
export function chosenOrderType(allowed: readonly OrderType[], drafted: OrderType | null, preferred: OrderType): OrderType {
  if (drafted && allowed.includes(drafted)) return drafted;
  if (allowed.includes(preferred)) return preferred;
  return allowed[0] ?? 'DELIVERY';
}

export function deliveryAreaOf(store: StoreRow | null): DeliveryArea | undefined {
  const radiusKm = store?.delivery_radius_km;
  if (!store || typeof radiusKm !== 'number' || typeof store.latitude !== 'number' || typeof store.longitude !== 'number') return undefined;
  return { latitude: store.latitude, longitude: store.longitude, radiusKm };
}

export function savedAsDelivery(address: SavedAddressRow): DeliveryAddress {
  return { lat: address.latitude, lng: address.longitude, address: address.address, house: address.house };
}

export function currentAsDelivery(address: AddressRow): DeliveryAddress {
  return { lat: address.lat, lng: address.lng, address: address.address, house: address.house ?? null };
}

function deliverable(address: DeliveryAddress, area: DeliveryArea | undefined): boolean {
  return area === undefined || isWithinDeliveryArea({ latitude: address.lat, longitude: address.lng }, area);
}

export interface AddressChoice {
  /** What the radios show as chosen. */
  selected: number | 'current' | null;
  address: DeliveryAddress | null;
  currentOutside: boolean;
}

/** The same place: a saved address and the address an order went to (coordinates to about a metre, and the text). */
export function samePlace(a: DeliveryAddress, b: DeliveryAddress): boolean {
  return Math.abs(a.lat - b.lat) < 1e-5 && Math.abs(a.lng - b.lng) < 1e-5 && a.address.trim() === b.address.trim() && (a.house ?? '') === (b.house ?? '');
}

/**
 * The address drafted when it can be delivered to; else the one the
 * customer's last delivery order went to (a saved address or the current
 * location it matches); else the default saved address, else the current
 * location. What the radios show is always what is sent.
 */
export function chosenAddress(
  drafted: CheckoutDraft['addressId'],
  saved: readonly SavedAddressRow[],
  current: AddressRow | null,
  area: DeliveryArea | undefined,
  lastUsed: DeliveryAddress | null = null,
): AddressChoice {
  const currentAddress = current ? currentAsDelivery(current) : null;
  const currentOutside = currentAddress !== null && !deliverable(currentAddress, area);
  const candidates: { id: number | 'current'; address: DeliveryAddress }[] = [
    ...saved.map((row) => ({ id: row.id, address: savedAsDelivery(row) })),
    ...(currentAddress ? [{ id: 'current' as const, address: currentAddress }] : []),
  ].filter((candidate) => deliverable(candidate.address, area));
  const picked =
    candidates.find((candidate) => candidate.id === drafted) ??
    (lastUsed ? candidates.find((candidate) => samePlace(candidate.address, lastUsed)) : undefined) ??
    candidates[0];
  return { selected: picked?.id ?? null, address: picked?.address ?? null, currentOutside };
}

/** "2.50" or "2,5" → 250 minor units; null for anything else. */
export function parseTip(text: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

export interface TipAmount {
  amount: number;
  error: TextKey | null;
}

export function tipAmountOf(tip: TipChoice, subtotal: number): TipAmount {
  switch (tip.kind) {
    case 'none':
      return { amount: 0, error: null };
    case 'percent':
      return { amount: Math.min(MAX_TIP, Math.round((subtotal * tip.percent) / 100)), error: null };
    case 'custom': {
      if (tip.text.trim() === '') return { amount: 0, error: null };
      const amount = parseTip(tip.text);
      if (amount === null) return { amount: 0, error: 'checkoutTipInvalid' };
      if (amount > MAX_TIP) return { amount: 0, error: 'checkoutTipTooHigh' };
      return { amount, error: null };
    }
  }
}

/** Tips when the server says so for this cart and order type, else when the setting is on and the order is delivered. */
export function tipsOffered(quote: CheckoutQuoteRow | null, tipsSetting: boolean, orderType: OrderType): boolean {
  if (quote?.quote && quote.quote.order_type === orderType) return quote.quote.tips_enabled;
  return tipsSetting && orderType === 'DELIVERY';
}

/**
 * The ways to pay the server offers now, in its order: every one has its
 * payment step (cash and the wallet none; a gateway its card form, page or
 * script, see PaymentStep). An id this version does not know is left out.
 */
export function offeredModes(gateways: PaymentGatewaysRow | null): PaymentMode[] {
  const ids = gateways?.gateways.map((gateway) => gateway.id) ?? [];
  return ids.filter((id): id is PaymentMode => (PAYMENT_MODES as readonly string[]).includes(id));
}

export function chosenPaymentMode(offered: readonly PaymentMode[], drafted: PaymentMode | null): PaymentMode | null {
  if (drafted && offered.includes(drafted)) return drafted;
  return offered.includes('COD') ? 'COD' : (offered[0] ?? null);
}

/** The wallet pays the whole order (WALLET), or first with cash for the rest; never with a card (the server refuses it). */
export function walletPaysFirst(mode: PaymentMode | null, drafted: boolean, offered: readonly PaymentMode[]): boolean {
  if (mode === 'WALLET') return true;
  return mode === 'COD' && drafted && offered.includes('WALLET');
}

export interface DerivedCheckout {
  orderTypes: OrderType[];
  choices: CheckoutChoices;
  address: AddressChoice;
  tip: TipAmount & { offered: boolean };
  paymentModes: PaymentMode[];
  paymentMode: PaymentMode | null;
}

export interface DeriveInput {
  draft: CheckoutDraft;
  store: StoreRow | null;
  preferredOrderType: OrderType;
  savedAddresses: readonly SavedAddressRow[];
  currentAddress: AddressRow | null;
  /** Where the customer's last delivery order went. */
  lastDeliveryAddress?: DeliveryAddress | null;
  quote: CheckoutQuoteRow | null;
  gateways: PaymentGatewaysRow | null;
  tipsSetting: boolean;
  /** The cart's own subtotal, until the server priced it. */
  cartSubtotal: number;
}

export function deriveCheckout(input: DeriveInput): DerivedCheckout {
  const { draft } = input;
  const orderTypes = orderTypesOf(input.store);
  const orderType = chosenOrderType(orderTypes, draft.orderType, input.preferredOrderType);
  const address = chosenAddress(draft.addressId, input.savedAddresses, input.currentAddress, deliveryAreaOf(input.store), input.lastDeliveryAddress ?? null);
  const offered = tipsOffered(input.quote, input.tipsSetting, orderType);
  const tip = offered ? tipAmountOf(draft.tip, input.quote?.quote?.subtotal ?? input.cartSubtotal) : { amount: 0, error: null };
  const paymentModes = offeredModes(input.gateways);
  const paymentMode = chosenPaymentMode(paymentModes, draft.paymentMode);
  return {
    orderTypes,
    address,
    tip: { ...tip, offered },
    paymentModes,
    paymentMode,
    choices: {
      orderType,
      address: orderType === 'DELIVERY' ? address.address : null,
      tip: tip.amount,
      useWallet: walletPaysFirst(paymentMode, draft.useWallet, paymentModes),
      notes: draft.notes,
    },
  };
}
