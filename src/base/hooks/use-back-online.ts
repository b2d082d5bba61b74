/**
 * How many times the app came back online while this component was shown
 * (the worker's connectivity row turned from unreachable to reached). A
 * screen puts it in what its refresh depends on, so what it shows is
 * fetched again as soon as the network is back, whether or not the browser
 * fired `online` (issue 15 point 1: the worker's probe finds out by itself).
 */
import { useEffect, useRef, useState } from 'react';
import { useConnectivity } from './use-replica-rows.ts';

export function useBackOnline(): number {
  const { offline } = useConnectivity();
  const [count, setCount] = useState(0);
  const wasOffline = useRef(offline);
  useEffect(() => {
    if (wasOffline.current && !offline) setCount((n) => n + 1);
    wasOffline.current = offline;
  }, [offline]);
  return count;
}
