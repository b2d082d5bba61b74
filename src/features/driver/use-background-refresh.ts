/**
 * Keeps a driver screen fresh while it is in front: asks the worker on
 * opening, again when the page comes back to the foreground or the network
 * returns, and every DRIVER_REFRESH_MS while it stays visible (a new order
 * must reach an on-duty driver without a tap). The screen reads the replica
 * meanwhile; `result` is the first answer for the current key (null until
 * it came), for a screen the replica cannot fill yet.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { RefreshOutcome } from '../../base/hooks/use-worker-refresh.ts';

export const DRIVER_REFRESH_MS = 30_000;
/** Coming back to a tab fires both focus and visibilitychange: one question is enough. */
const SAME_WAKE_MS = 2_000;

export function useBackgroundRefresh(
  key: string,
  run: () => Promise<RefreshOutcome>,
  enabled: boolean,
): { result: RefreshOutcome | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; result: RefreshOutcome } | null>(null);
  const fullKey = `${key}#${attempt}`;
  const ask = useEffectEvent(() => run());

  useEffect(() => {
    if (!enabled) return;
    let current = true;
    let askedAt = Date.now();
    void ask().then((result) => {
      if (current) setOutcome({ key: fullKey, result: result.ok ? { ok: true } : result });
    });
    const askWhileVisible = () => {
      if (document.visibilityState !== 'visible' || Date.now() - askedAt < SAME_WAKE_MS) return;
      askedAt = Date.now();
      void ask();
    };
    const timer = setInterval(askWhileVisible, DRIVER_REFRESH_MS);
    document.addEventListener('visibilitychange', askWhileVisible);
    window.addEventListener('focus', askWhileVisible);
    window.addEventListener('online', askWhileVisible);
    return () => {
      current = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', askWhileVisible);
      window.removeEventListener('focus', askWhileVisible);
      window.removeEventListener('online', askWhileVisible);
    };
  }, [fullKey, enabled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result: outcome?.key === fullKey ? outcome.result : null, retry };
}
