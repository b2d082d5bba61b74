/** The prompts docked at the bottom of every screen; loaded after the first paint. */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { PushDialogHost } from '../alerts/PushDialogHost.tsx';
import { GdprBanner } from './GdprBanner.tsx';
import { IosInstallPrompt } from './IosInstallPrompt.tsx';
import { UpdateOffer } from './UpdateOffer.tsx';
import { useInstallOfferAvailable } from './use-install-offer.ts';
import './prompts.css';

// Only browsers that signal installability download the offer.
const InstallFooter = lazy(() => import('./InstallOffer.tsx').then((module) => ({ default: module.InstallFooter })));

/** The drivers' and the console's areas: staff at work, who are not asked the customers' storage consent over their controls. */
const STAFF_AREA = /^\/(delivery|admin)(\/|$)/;

export function PromptDock() {
  const installable = useInstallOfferAvailable();
  const inStaffArea = STAFF_AREA.test(useLocation().pathname);
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
        {!inStaffArea && <GdprBanner />}
      </div>
      {/* A push shown in-app (sw/push.ts): over everything, outside the dock. */}
      <PushDialogHost />
    </>
  );
}
