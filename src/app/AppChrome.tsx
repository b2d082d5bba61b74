/** What sits around every screen: the offline banner on top, prompts docked at the bottom. */
import { lazy, Suspense, type ReactNode } from 'react';
import { OfflineBanner } from '../features/offline/OfflineBanner.tsx';
import { isFramedPreview } from '../lib/visits.ts';

// None of the prompts is part of the first paint; their code follows it.
const PromptDock = lazy(() => import('../features/prompts/PromptDock.tsx').then((module) => ({ default: module.PromptDock })));
// Who an agent acts for, and why the app signed the user out: after the first paint, and only when there is something to say.
const SessionGate = lazy(() => import('../features/account/SessionGate.tsx').then((module) => ({ default: module.SessionGate })));

// The desktop landing's phone preview is a look at the app, not a visit: the page around it prompts.
const inPreviewFrame = typeof window !== 'undefined' && isFramedPreview(window);

export function AppChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={null}>
        <SessionGate />
      </Suspense>
      {children}
      {!inPreviewFrame && (
        <Suspense fallback={null}>
          <PromptDock />
        </Suspense>
      )}
    </>
  );
}
