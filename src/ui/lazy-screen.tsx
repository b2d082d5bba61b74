/**
 * Screens load on demand (spec §2). A screen whose code takes longer than
 * LAZY_SCREEN_TIMEOUT_MS or fails to load shows a way out instead of an
 * endless spinner: the offline screen when offline, otherwise 'could not be
 * loaded / Try again'. React.lazy remembers its outcome, so 'Try again'
 * swaps in a fresh lazy component that imports again.
 *
 * `preload()` starts the import before anything renders the screen: the
 * route table asks for the screen at the address the app opens on while the
 * first visit's data are still on their way (more-routes.tsx).
 */
import { createContext, lazy, useCallback, useContext, useState, type ComponentType } from 'react';
import { LAZY_SCREEN_TIMEOUT_MS } from '../api/constants.ts';
import { LoadFailedScreen } from './LoadFailedScreen.tsx';
import { OfflineScreen } from './OfflineScreen.tsx';
import { useConnectivity } from '../base/hooks/use-replica-rows.ts';

export class ScreenLoadTimeout extends Error {
  constructor(ms: number) {
    super(`screen did not load within ${ms} ms`);
    this.name = 'ScreenLoadTimeout';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ScreenLoadTimeout(ms)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

const RetryContext = createContext<() => void>(() => {});

function ScreenLoadFailure() {
  const retry = useContext(RetryContext);
  const { offline } = useConnectivity();
  // A chunk that failed while the browser knows it is offline is the same story.
  const browserOffline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline || browserOffline ? <OfflineScreen onRetry={retry} /> : <LoadFailedScreen onRetry={retry} />;
}

export type ScreenLoader = () => Promise<ComponentType>;

/** A screen whose code loads on its first render, or sooner when asked to. */
export type LazyScreenComponent = ComponentType & { preload: () => void };

export function lazyScreen(load: ScreenLoader, timeoutMs: number = LAZY_SCREEN_TIMEOUT_MS): LazyScreenComponent {
  // One import for a preload and the render after it; a failed or timed-out one is forgotten, so 'Try again' imports anew.
  let loading: Promise<ComponentType> | undefined;
  const loadOnce = () => (loading ??= load());
  const forget = (attempt: Promise<ComponentType>) => {
    if (loading === attempt) loading = undefined;
  };
  const makeLazy = () =>
    lazy(async () => {
      const attempt = loadOnce();
      try {
        return { default: await withTimeout(attempt, timeoutMs) };
      } catch (error) {
        forget(attempt);
        console.warn('screen failed to load', error);
        return { default: ScreenLoadFailure };
      }
    });
  // Shared by every mount, so coming back to a screen does not import it again.
  let current = makeLazy();

  function LazyScreen() {
    const [, setAttempt] = useState(0);
    const retry = useCallback(() => {
      current = makeLazy();
      setAttempt((attempt) => attempt + 1);
    }, []);
    const Current = current;
    return (
      <RetryContext.Provider value={retry}>
        <Current />
      </RetryContext.Provider>
    );
  }
  LazyScreen.preload = () => {
    const attempt = loadOnce();
    attempt.catch(() => forget(attempt));
  };
  return LazyScreen;
}
