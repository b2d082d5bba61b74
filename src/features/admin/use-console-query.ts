/**
 * Reading for a console screen: one call, its answer held in the screen's
 * state (the console mirrors nothing), loading and failure as states the
 * screen shows, `reload` after a change elsewhere, and `replace` when a
 * change answers the new rows itself.
 */
import { useCallback, useEffect, useState } from 'react';
import type { CallBody, CallName, CallResponse } from '../../api/calls.ts';
import type { SyncFailure } from '../../api/sync-result.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { failureTextKey } from '../../lib/failure-text.ts';
import { useConsoleCall } from './console-session.tsx';

export type QueryState<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; error: SyncFailure };

export interface ConsoleQuery<T> {
  state: QueryState<T>;
  /** The last answer, also while reloading (null before the first). */
  data: T | null;
  reload(): void;
  replace(data: T): void;
}

/** `body` null: nothing to ask yet (a store not chosen). The body's JSON is the query's identity. */
export function useConsoleQuery<N extends CallName>(name: N, body: CallBody<N> | null): ConsoleQuery<CallResponse<N>> {
  const call = useConsoleCall();
  const [round, setRound] = useState(0);
  const key = body === null ? null : JSON.stringify(body);
  // Each answer remembers the body it answers: another body is loading until its own answer comes, while a
  // reload of the same body keeps showing the last answer (forms and lists do not flash).
  const [answer, setAnswer] = useState<{ key: string; state: QueryState<CallResponse<N>> } | null>(null);
  const [data, setData] = useState<CallResponse<N> | null>(null);

  useEffect(() => {
    if (key === null) return;
    const abort = new AbortController();
    void call(name, JSON.parse(key) as CallBody<N>, abort.signal).then((result) => {
      if (abort.signal.aborted) return;
      if (result.ok) setData(result.value);
      setAnswer({ key, state: result.ok ? { status: 'ready', data: result.value } : { status: 'failed', error: result } });
    });
    return () => abort.abort();
  }, [call, name, key, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  // Back online: what failed for want of a network (or may have changed meanwhile) is asked again.
  useEffect(() => {
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [reload]);
  const replace = useCallback(
    (next: CallResponse<N>) => {
      setData(next);
      if (key !== null) setAnswer({ key, state: { status: 'ready', data: next } });
    },
    [key],
  );
  const state: QueryState<CallResponse<N>> = answer && answer.key === key ? answer.state : { status: 'loading' };
  return { state, data, reload, replace };
}

/** A failure in words (src/lib/failure-text.ts), with the console's own words for no network. */
export function useFailureText(): (failure: SyncFailure) => string {
  const t = useT();
  return useCallback((failure: SyncFailure) => t(failureTextKey(failure, { offline: 'consoleOffline' })), [t]);
}
