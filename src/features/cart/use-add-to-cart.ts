/**
 * Adding a line from a store page: asks the worker, and when the cart holds
 * another store's dishes keeps the request until the customer answers the
 * "Start a new cart?" question (confirm adds with replaceCart, cancel keeps
 * the cart as it is).
 */
import { useState } from 'react';
import type { AddToCartInput, AddToCartOutcome, AddToCartRefusal } from '../../api/cart/worker-api.ts';
import type { CartStoreRef } from '../../api/cart/rules.ts';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../api/orders/limits.ts';
import type { Translate } from '../../base/settings-and-language.tsx';
import { useT } from '../../base/settings-and-language.tsx';
import { useSyncWorker } from '../../base/services.tsx';

export type AddRequest = Omit<AddToCartInput, 'replaceCart'>;
export type Added = Extract<AddToCartOutcome, { status: 'added' }>;

export interface ReplaceQuestion {
  request: AddRequest;
  cartStore: CartStoreRef;
  newStore: CartStoreRef;
}

export function refusalText(reason: AddToCartRefusal, storeName: string, t: Translate): string {
  switch (reason) {
    case 'STORE_INACTIVE':
      return t('cartStoreInactive', { store: storeName });
    case 'ITEM_INACTIVE':
      return t('cartItemInactive');
    case 'ADDONS_INVALID':
      return t('addonProblemStale');
    case 'CART_FULL':
      return t('cartFull', { max: MAX_CART_LINES });
  }
}

export function useAddToCart(storeName: string, onAdded: (added: Added) => void) {
  const t = useT();
  const worker = useSyncWorker();
  const [busy, setBusy] = useState(false);
  const [question, setQuestion] = useState<ReplaceQuestion | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const run = async (request: AddRequest, replaceCart: boolean) => {
    setBusy(true);
    setMessage(null);
    const result = await worker.addToCart({ ...request, replaceCart });
    setBusy(false);
    setQuestion(null);
    if (!result.ok) {
      setMessage(t('cartAddFailed'));
      return;
    }
    const outcome = result.value;
    if (outcome.status === 'other-store') setQuestion({ request, cartStore: outcome.cartStore, newStore: outcome.newStore });
    else if (outcome.status === 'refused') setMessage(refusalText(outcome.reason, storeName, t));
    // Capped: the line holds what it can; say so rather than close as if all were added.
    else if (outcome.capped) setMessage(t('cartLineCapped', { max: MAX_LINE_QUANTITY }));
    else onAdded(outcome);
  };

  return {
    busy,
    message,
    question,
    add: (request: AddRequest) => run(request, false),
    confirmReplace: () => {
      if (question) void run(question.request, true);
    },
    keepCart: () => setQuestion(null),
  };
}
