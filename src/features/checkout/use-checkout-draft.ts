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

/** Whose draft it is: a user id, or null for a visitor (whose draft goes on with the account they sign in to). */
export type DraftOwner = number | null;

interface StoredDraft {
  owner: DraftOwner;
  draft: CheckoutDraft;
}

/**
 * The draft kept for `owner`. A draft of another account is never shown
 * (issue 32: an agent's next caller saw the previous caller's address chosen
 * and their notes), nor one written before drafts had an owner.
 */
function readDraft(owner: DraftOwner): CheckoutDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<StoredDraft> | null;
    if (!stored || typeof stored !== 'object' || !('owner' in stored) || !stored.draft || typeof stored.draft !== 'object') return EMPTY_DRAFT;
    if (stored.owner !== null && stored.owner !== owner) return EMPTY_DRAFT;
    return { ...EMPTY_DRAFT, ...stored.draft };
  } catch {
    return EMPTY_DRAFT;
  }
}

/** The order was placed and paid: the next checkout starts from the defaults. */
export function forgetCheckoutDraft(): void {
  writeDraft(null);
}

function writeDraft(stored: StoredDraft | null): void {
  try {
    if (stored) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(stored));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // A full or blocked storage only costs the draft on a reload.
  }
}

export function useCheckoutDraft(owner: DraftOwner): { draft: CheckoutDraft; update(patch: Partial<CheckoutDraft>): void; forget(): void } {
  const [state, setState] = useState(() => ({ owner, draft: readDraft(owner) }));
  // Someone else is signed in now (an agent's next caller): their own draft, or none.
  const current = state.owner === owner ? state : { owner, draft: readDraft(owner) };
  if (current !== state) setState(current);
  const update = useCallback(
    (patch: Partial<CheckoutDraft>) => {
      setState((previous) => {
        const base = previous.owner === owner ? previous.draft : readDraft(owner);
        const next = { owner, draft: { ...base, ...patch } };
        writeDraft(next);
        return next;
      });
    },
    [owner],
  );
  const forget = useCallback(() => {
    writeDraft(null);
    setState({ owner, draft: EMPTY_DRAFT });
  }, [owner]);
  return { draft: current.draft, update, forget };
}
