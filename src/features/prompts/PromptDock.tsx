/** The prompts docked at the bottom of every screen; loaded after the first paint. */
import { lazy, Suspense } from 'react';
import { PushDialogHost } from '../alerts/PushDialogHost.tsx';
import { GdprBanner } from './GdprBanner.tsx';
import { IosInstallPrompt } from './IosInstallPrompt.tsx';
import { UpdateOffer } from './UpdateOffer.tsx';
import { useInstallOfferAvailable } from './use-install-offer.ts';
import './prompts.css';

// Only browsers that signal installability download the offer.
const InstallFooter = lazy(() => import('./InstallOffer.tsx').then((module) => ({ default: module.InstallFooter })));

export function PromptDock() {
  const installable = useInstallOfferAvailable();
  return (
    <>
      <div className="prompt-dock">
        <UpdateOffer />
        <IosInstallPrompt />
        {installable && (
          <Suspense fallback={null}>
            <InstallFooter />
          </Suspense>
        )}
        <GdprBanner />
      </div>
      {/* A push shown in-app (sw/push.ts): over everything, outside the dock. */}
      <PushDialogHost />
    </>
  );
}
