/**
 * Asks the worker for the server's price whenever what is priced changes
 * (the cart, a choice, the coupon, the points), a moment after the last
 * change so typing a note does not send a request per key, and again when
 * the network comes back. The answer lands in the replica; this says
 * whether one is on its way, whether the last one could not reach the
 * server, and whether the server priced exactly these inputs on this
 * screen (`priced`): only then may the order be placed (issue 15 point 2).
 */
import { useEffect, useState } from 'react';
import type { CheckoutChoices } from '../../api/checkout/worker-api.ts';
import { useBackOnline } from '../../base/hooks/use-back-online.ts';
import { useSyncWorker } from '../../base/services.tsx';

const QUOTE_DELAY_MS = 300;

export interface QuoteRequests {
  quoting: boolean;
  unreachable: boolean;
  /** The server answered a price for `key` itself: the replica's quote is this cart's with these choices. */
  priced: boolean;
}

interface Answer {
  key: string;
  backOnline: number;
  ok: boolean;
  unreachable: boolean;
}

/** `key` names everything the price depends on; null choices ask nothing (signed out, an empty cart). */
export function useQuoteRequests(choices: CheckoutChoices | null, key: string): QuoteRequests {
  const worker = useSyncWorker();
  const backOnline = useBackOnline();
  const [state, setState] = useState<Answer | null>(null);
  useEffect(() => {
    if (!choices) return;
    let current = true;
    const timer = setTimeout(() => {
      void worker.quoteCheckout(choices).then((result) => {
        if (!current) return;
        setState((previous) => ({
          key,
          backOnline,
          // A failure to reach the server does not unsay an answer it gave for these very inputs.
          ok: result.ok || (previous?.key === key && previous.ok && (result.reason === 'offline' || result.reason === 'timeout')),
          unreachable: !result.ok && (result.reason === 'offline' || result.reason === 'timeout'),
        }));
      });
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // `choices` is rebuilt each render; the key says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, choices === null, backOnline]);
  const answered = state?.key === key;
  return {
    quoting: choices !== null && (!answered || state.backOnline !== backOnline),
    unreachable: state?.unreachable ?? false,
    priced: choices !== null && answered && state.ok,
  };
}
