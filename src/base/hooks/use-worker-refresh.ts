import { useCallback, useEffect, useState } from 'react';
import type { SyncFailure } from '../../api/worker-api.ts';
import { useBackOnline } from './use-back-online.ts';

/** What a worker call answered: ok, or why not. */
export type RefreshOutcome = { ok: true } | SyncFailure;

/**
 * Runs a worker refresh once per `key` (and again on `retry`, and when the
 * network comes back); `result` is null until the answer for the current key
 * arrived. The screen reads the replica meanwhile: the answer only decides
 * what shows when it has nothing.
 */
export function useWorkerRefresh(
  key: string,
  run: () => Promise<RefreshOutcome>,
  enabled = true,
): { result: RefreshOutcome | null; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; result: RefreshOutcome } | null>(null);
  const backOnline = useBackOnline();
  const fullKey = `${key}#${attempt}#${backOnline}`;
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void run().then((result) => {
      if (current) setOutcome({ key: fullKey, result: result.ok ? { ok: true } : result });
    });
    return () => {
      current = false;
    };
    // `run` is rebuilt each render; the key says when to run again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fullKey, enabled]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result: outcome?.key === fullKey ? outcome.result : null, retry };
}

/** A failure that means 'the server was not reached'. */
export function isUnreachable(result: RefreshOutcome | null): boolean {
  return result !== null && !result.ok && (result.reason === 'offline' || result.reason === 'timeout');
}
