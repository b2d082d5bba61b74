/**
 * Screens load on demand (spec §2). A screen whose code takes longer than
 * LAZY_SCREEN_TIMEOUT_MS or fails to load shows a way out instead of an
 * endless spinner: the offline screen when offline, otherwise 'could not be
 * loaded / Try again'. React.lazy remembers its outcome, so 'Try again'
 * swaps in a fresh lazy component that imports again.
 */
import { createContext, lazy, useCallback, useContext, useState, type ComponentType } from 'react';
import { LAZY_SCREEN_TIMEOUT_MS } from '../api/constants.ts';
import { LoadFailedScreen } from '../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../ui/OfflineScreen.tsx';
import { useConnectivity } from './hooks/use-replica-rows.ts';

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

export function lazyScreen(load: ScreenLoader, timeoutMs: number = LAZY_SCREEN_TIMEOUT_MS): ComponentType {
  const makeLazy = () =>
    lazy(async () => {
      try {
        return { default: await withTimeout(load(), timeoutMs) };
      } catch (error) {
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
  return LazyScreen;
}
