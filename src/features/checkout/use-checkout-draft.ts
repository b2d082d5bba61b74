/**
 * The checkout's choices while the customer makes them: kept for this tab
 * in sessionStorage, so going to add an address (or a reload) does not lose
 * the notes and the tip. They are the customer's words, not server data; the
 * server's prices stay in the replica.
 */
import { useCallback, useState } from 'react';
import type { OrderType, PaymentMode } from '../../api/orders/limits.ts';

/** A preset share of the subtotal, or an amount the customer typed (in currency units, as typed). */
export type TipChoice = { kind: 'none' } | { kind: 'percent'; percent: number } | { kind: 'custom'; text: string };

export interface CheckoutDraft {
  /** Null: as the store and the customer's preference say (spec §4). */
  orderType: OrderType | null;
  /** A saved address's id, the current location, or null for the default. */
  addressId: number | 'current' | null;
  notes: string;
  tip: TipChoice;
  /** With cash: take what the wallet holds first. */
  useWallet: boolean;
  paymentMode: PaymentMode | null;
}

const STORAGE_KEY = 'foodpilot.checkoutDraft';

export const EMPTY_DRAFT: CheckoutDraft = { orderType: null, addressId: null, notes: '', tip: { kind: 'none' }, useWallet: false, paymentMode: null };

function readDraft(): CheckoutDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    return stored && typeof stored === 'object' ? { ...EMPTY_DRAFT, ...stored } : EMPTY_DRAFT;
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The order was placed and paid: the next checkout starts from the defaults. */
export function forgetCheckoutDraft(): void {
  writeDraft(null);
}

function writeDraft(draft: CheckoutDraft | null): void {
  try {
    if (draft) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // A full or blocked storage only costs the draft on a reload.
  }
}

export function useCheckoutDraft(): { draft: CheckoutDraft; update(patch: Partial<CheckoutDraft>): void; forget(): void } {
  const [draft, setDraft] = useState(readDraft);
  const update = useCallback((patch: Partial<CheckoutDraft>) => {
    setDraft((current) => {
      const next = { ...current, ...patch };
      writeDraft(next);
      return next;
    });
  }, []);
  const forget = useCallback(() => {
    writeDraft(null);
    setDraft(EMPTY_DRAFT);
  }, []);
  return { draft, update, forget };
}
