/**
 * The moment the app first shows a screen of its own: the boot gate has let
 * the app through (BootGate) and no screen is still waiting for its code
 * (ScreenFallback). Work the first screen does not need and that would
 * compete with it for a slow phone's network and main thread, the service
 * worker's registration and precache above all, waits for it.
 */
import { useEffect } from 'react';

let markShown: () => void = () => {};
let gatePassed = false;
let fallbacksOnScreen = 0;

export const firstScreenShown: Promise<void> = new Promise((resolve) => {
  markShown = resolve;
});

function settle(): void {
  if (gatePassed && fallbacksOnScreen === 0) markShown();
}

/** BootGate, once it lets the app's screens through. */
export function useBootGatePassed(): void {
  useEffect(() => {
    gatePassed = true;
    settle();
  }, []);
}

/**
 * ScreenFallback: while one is on the page, the screen it stands for is not
 * there yet. A screen whose code came often shows a fallback of its own
 * while its data comes (a store's page before the store's row): React runs
 * the leaving fallback's cleanup before the arriving one's effect, so the
 * count is read once the whole commit's effects have run.
 */
export function useScreenStillLoading(): void {
  useEffect(() => {
    fallbacksOnScreen += 1;
    return () => {
      fallbacksOnScreen -= 1;
      queueMicrotask(settle);
    };
  }, []);
}
