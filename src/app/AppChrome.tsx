/** What sits around every screen: the offline banner on top, prompts docked at the bottom. */
import { lazy, Suspense, type ReactNode } from 'react';
import { OfflineBanner } from '../features/offline/OfflineBanner.tsx';
import { afterThisTask } from '../lib/after-this-task.ts';
import { isFramedPreview } from '../lib/visits.ts';
import { useTextsReady } from '../base/settings-and-language.tsx';

// The desktop landing's phone preview is a look at the app, not a visit: the page around it prompts.
const inPreviewFrame = typeof window !== 'undefined' && isFramedPreview(window);

// Neither the prompts nor the session notices are in the first route's script, but both are asked for
// as soon as it runs, not when the first screen renders them: on slow 4G that render comes a second or
// more later, and the first paint would wait one more round trip for them. The preview shows no prompts.
// Asked for in the task after the first route's own (after-this-task.ts).
const loadPromptDock = () => import('../features/prompts/PromptDock.tsx');
const promptDockModule = inPreviewFrame ? null : afterThisTask(loadPromptDock);
const sessionGateModule = afterThisTask(() => import('../features/account/SessionGate.tsx'));
const PromptDock = lazy(() => (promptDockModule ?? loadPromptDock()).then((module) => ({ default: module.PromptDock })));
// Who an agent acts for, and why the app signed the user out: only when there is something to say.
const SessionGate = lazy(() => sessionGateModule.then((module) => ({ default: module.SessionGate })));

export function AppChrome({ children }: { children: ReactNode }) {
  // Like the screens (boot.tsx's gate), the notices and prompts wait for words: the replica's texts are a
  // read behind its settings and prefs, and a notice rendered in between showed a frame of raw text keys.
  const textsReady = useTextsReady();
  return (
    <>
      <OfflineBanner />
      {textsReady && (
        <Suspense fallback={null}>
          <SessionGate />
        </Suspense>
      )}
      {children}
      {textsReady && !inPreviewFrame && (
        <Suspense fallback={null}>
          <PromptDock />
        </Suspense>
      )}
    </>
  );
}
