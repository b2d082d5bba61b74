/**
 * The UI's way to read the replica: dexie-react-hooks' useLiveQuery, with
 * each new result rendered as a React transition.
 *
 * On a first visit the sync worker writes settings, texts, stores and
 * slides in quick succession, and every live query that reads them runs
 * again. Rendered as ordinary updates, each wave was one unbroken render of
 * the screen: 12–50 ms on a fast machine, four times that on a slow phone,
 * which Lighthouse counts as blocking time. As a transition React renders in
 * slices and lets a tap through between them, and an update that would need
 * a screen to load again keeps the current one on screen meanwhile.
 *
 * Lint (eslint.config.js) keeps every other module from importing
 * dexie-react-hooks itself.
 */
import { liveQuery } from 'dexie';
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- this module is the one door to dexie-react-hooks.
import { useObservable, type InteropableObservable } from 'dexie-react-hooks';
import { startTransition } from 'react';

/** `source`, whose every new value is handed on inside a transition. Dexie's synchronous value (a cached result) is kept. */
function renderedAsTransition<T>(source: InteropableObservable<T>): InteropableObservable<T> {
  return {
    subscribe: (onNext, onError) =>
      source.subscribe(
        (value) => startTransition(() => onNext(value)),
        onError,
      ),
    ...(source.getValue ? { getValue: () => source.getValue!() } : {}),
    ...(source.hasValue ? { hasValue: () => source.hasValue!() } : {}),
  };
}

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, TDefault>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: TDefault): T | TDefault;
export function useLiveQuery<T, TDefault>(querier: () => Promise<T> | T, deps: unknown[] = [], defaultResult?: TDefault): T | TDefault | undefined {
  return useObservable(() => renderedAsTransition(liveQuery(querier)), deps, defaultResult);
}
