/**
 * Boot (DESIGN §3): the UI renders the replica at once and asks the worker
 * to refresh behind it. Only a first visit with nothing stored waits for the
 * worker, and when that fails offline it shows the offline screen rather
 * than a spinner that never ends. A new cache version runs the forced clear.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { BootResult } from '../api/worker-api.ts';
import { useBootGatePassed } from '../lib/first-screen.ts';
import { OfflineScreen } from '../ui/OfflineScreen.tsx';
import { useSettings, useTextsReady } from '../base/settings-and-language.tsx';
import { ScreenFallback } from '../ui/ScreenFallback.tsx';
import { useServices } from '../base/services.tsx';

// Shown once per new cache version only.
const UpdatingOverlay = lazy(() => import('../features/prompts/UpdatingOverlay.tsx').then((module) => ({ default: module.UpdatingOverlay })));

type BootState =
  | { status: 'booting' }
  | { status: 'done'; result: BootResult }
  | { status: 'failed' }
  | { status: 'updating' };

export function useBoot(after: Promise<unknown>): { state: BootState; retry: () => void } {
  const { worker, reloadPage } = useServices();
  const [state, setState] = useState<BootState>({ status: 'booting' });

  const run = useCallback(async () => {
    setState({ status: 'booting' });
    try {
      await after.catch(() => undefined);
      const result = await worker.boot();
      if (result.version?.kind === 'cache-clear-required') {
        setState({ status: 'updating' });
        // Needed once per new cache version: not part of every start's download.
        const { browserCacheClearEnvironment, performCacheClear } = await import('../lib/cache-clear.ts');
        await performCacheClear(browserCacheClearEnvironment(worker, reloadPage), result.version);
        return;
      }
      setState({ status: 'done', result });
    } catch (error) {
      console.error('boot failed', error);
      setState({ status: 'failed' });
    }
  }, [worker, reloadPage, after]);

  // Once per page load, also under StrictMode's double effects.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  return { state, retry: () => void run() };
}

export function BootGate({ children, after }: { children: ReactNode; after: Promise<unknown> }) {
  const { state, retry } = useBoot(after);
  const settings = useSettings();
  const textsReady = useTextsReady();

  if (state.status === 'updating') {
    return (
      <Suspense fallback={<ScreenFallback />}>
        <UpdatingOverlay />
      </Suspense>
    );
  }
  if (!settings.loaded) return <ScreenFallback />;
  // A first visit fills settings and texts side by side (worker/boot/boot.ts): no screen of raw keys meanwhile.
  // A boot answered has written the built-in texts, so they are a read away: a screen waits for that read too
  // (an answer faster than it, offline or from a warm worker, showed a frame of raw keys). Only a failed boot
  // may never bring them.
  if (!textsReady && state.status !== 'failed') return <ScreenFallback />;
  if (settings.isEmpty) {
    if (state.status === 'booting') return <ScreenFallback />;
    const offline = state.status === 'failed' || !state.result.online;
    if (offline) return <OfflineScreen onRetry={retry} />;
    // Online but the server sent no settings: the defaults still make a usable app.
  }
  return <FirstScreen>{children}</FirstScreen>;
}

/** What the gate lets through is the app's first screen, once its code is there too (lib/first-screen.ts). */
function FirstScreen({ children }: { children: ReactNode }) {
  useBootGatePassed();
  return <>{children}</>;
}
