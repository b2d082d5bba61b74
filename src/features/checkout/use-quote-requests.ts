/**
 * Asks the worker for the server's price whenever what is priced changes
 * (the cart, a choice, the coupon, the points), a moment after the last
 * change so typing a note does not send a request per key. The answer lands
 * in the replica; this only says whether one is on its way and whether the
 * last one could not reach the server.
 */
import { useEffect, useState } from 'react';
import type { CheckoutChoices } from '../../api/checkout-worker-api.ts';
import { useSyncWorker } from '../../app/services.tsx';

const QUOTE_DELAY_MS = 300;

export interface QuoteRequests {
  quoting: boolean;
  unreachable: boolean;
}

/** `key` names everything the price depends on; null choices ask nothing (signed out, an empty cart). */
export function useQuoteRequests(choices: CheckoutChoices | null, key: string): QuoteRequests {
  const worker = useSyncWorker();
  const [state, setState] = useState<{ key: string; unreachable: boolean } | null>(null);
  useEffect(() => {
    if (!choices) return;
    let current = true;
    const timer = setTimeout(() => {
      void worker.quoteCheckout(choices).then((result) => {
        if (!current) return;
        setState({ key, unreachable: !result.ok && (result.reason === 'offline' || result.reason === 'timeout') });
      });
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `choices` is rebuilt each render; the key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, choices === null]);
  return { quoting: choices !== null && state?.key !== key, unreachable: state?.unreachable ?? false };
}
