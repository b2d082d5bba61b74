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
 * A read many components make (the connectivity, the current address, one
 * preference) is `useSharedLiveQuery`: one Dexie live query per replica and
 * name however many components mount it, so a write runs it once, not once
 * per reader, and a reader mounted after its first answer renders with it at
 * once instead of a render later.
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

/**
 * One live query shared by every subscriber: it runs while at least one
 * listens, and keeps its last answer for a subscriber that joins later.
 */
class SharedLiveQuery<T> {
  private readonly listeners = new Set<{ next: (value: T) => void; error: (error: unknown) => void }>();
  private source: { unsubscribe(): void } | null = null;
  private answered = false;
  private value: T | undefined;

  constructor(private readonly querier: () => Promise<T> | T) {}

  readonly observable: InteropableObservable<T> = {
    subscribe: (onNext, onError) => {
      const listener = { next: onNext, error: (error: unknown) => onError?.(error) };
      this.listeners.add(listener);
      if (this.source === null) {
        this.source = liveQuery(this.querier).subscribe({
          next: (value) => {
            this.value = value;
            this.answered = true;
            for (const each of [...this.listeners]) each.next(value);
          },
          error: (error: unknown) => {
            // The live query ended with its error: whoever subscribes next starts a new one.
            this.source = null;
            this.answered = false;
            for (const each of [...this.listeners]) each.error(error);
          },
        });
      } else if (this.answered) {
        // A later subscriber's first value may be older than the answer that came in meanwhile.
        onNext(this.value as T);
      }
      return {
        unsubscribe: () => {
          this.listeners.delete(listener);
          if (this.listeners.size > 0 || this.source === null) return;
          this.source.unsubscribe();
          this.source = null;
          // Unwatched, the answer may go stale: the next subscriber waits for a fresh one.
          this.answered = false;
          this.value = undefined;
        },
      };
    },
    getValue: () => this.value as T,
    hasValue: () => this.answered,
  };
}

const sharedQueries = new WeakMap<object, Map<string, SharedLiveQuery<unknown>>>();

function sharedLiveQuery<T>(owner: object, name: string, querier: () => Promise<T> | T): InteropableObservable<T> {
  let byName = sharedQueries.get(owner);
  if (!byName) sharedQueries.set(owner, (byName = new Map()));
  let shared = byName.get(name) as SharedLiveQuery<T> | undefined;
  if (!shared) {
    shared = new SharedLiveQuery(querier);
    // One name, one query: the map holds every name's, whatever each answers.
    byName.set(name, shared as SharedLiveQuery<unknown>);
  }
  return shared.observable;
}

export function useLiveQuery<T>(querier: () => Promise<T> | T, deps?: unknown[]): T | undefined;
export function useLiveQuery<T, TDefault>(querier: () => Promise<T> | T, deps: unknown[], defaultResult: TDefault): T | TDefault;
export function useLiveQuery<T, TDefault>(querier: () => Promise<T> | T, deps: unknown[] = [], defaultResult?: TDefault): T | TDefault | undefined {
  return useObservable(() => renderedAsTransition(liveQuery(querier)), deps, defaultResult);
}

/**
 * `useLiveQuery` for a read many components make: `name` says what it reads
 * (with every parameter in it, e.g. `pref:orderType`) and one live query per
 * `owner` (the replica) and name answers them all. `querier` must read only
 * what the name says: the first component's querier serves the rest.
 */
export function useSharedLiveQuery<T, TDefault>(owner: object, name: string, querier: () => Promise<T> | T, defaultResult: TDefault): T | TDefault {
  return useObservable(() => renderedAsTransition(sharedLiveQuery(owner, name, querier)), [owner, name], defaultResult);
}
