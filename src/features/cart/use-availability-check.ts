/**
 * Asks the worker to check the cart when /cart opens, and again when its
 * lines change (another dish or add-on choice, a line removed), debounced so
 * a burst of taps sends one check. Quantities are left out on purpose: they
 * do not change whether a dish can be ordered.
 */
import { useEffect, useRef } from 'react';
import { useSyncWorker } from '../../base/services.tsx';

export const CHECK_DEBOUNCE_MS = 800;

/** `lineIds`: the cart's line ids joined, '' for an empty cart, null while reading. */
export function useAvailabilityCheck(lineIds: string | null): void {
  const worker = useSyncWorker();
  const checkedOnce = useRef(false);
  useEffect(() => {
    if (!lineIds) return;
    const timer = setTimeout(
      () => {
        checkedOnce.current = true;
        void worker.checkCart();
      },
      checkedOnce.current ? CHECK_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [lineIds, worker]);
}
