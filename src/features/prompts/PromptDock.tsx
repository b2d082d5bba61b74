/**
 * The prompts docked at the bottom of every screen; loaded after the first paint.
 *
 * The dock takes its own space instead of lying over the page: its height
 * goes to `--prompt-dock-space` on the root (keepHeightInProperty), the page
 * keeps that much room at its end (prompts.css) and the sticky action bars
 * (checkout's "Place order", the store's cart bar, the cart's undo, home's
 * running-order banner, the console's save bar) stand that much higher. So
 * the last dish of a menu scrolls clear of the GDPR banner, and a tap on
 * "Place order" never lands on a prompt.
 *
 * One prompt at a time, the most important first: a new version, the
 * storage consent, then the install offers. Stacked, they covered half a
 * phone's screen, and one arriving later (the install offer, when Chromium
 * finds the app installable) pushed the others up under the finger, a layout
 * shift on every first visit. The next one shows when the first is answered.
 */
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { keepHeightInProperty } from '../../ui/height-property.ts';
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

/** Below the dock (its offset from the bar or screen edge) and above it (a gap), in px. */
export const DOCK_MARGIN_PX = 24;

export function PromptDock() {
  const installable = useInstallOfferAvailable();
  const inStaffArea = STAFF_AREA.test(useLocation().pathname);
  const dockRef = useRef<HTMLDivElement>(null);
  useLayoutEffect(
    () => (dockRef.current ? keepHeightInProperty(dockRef.current, '--prompt-dock-space', DOCK_MARGIN_PX) : undefined),
    [],
  );
  return (
    <>
      {/* In order of importance: only the first prompt that has something to say shows (prompts.css). */}
      <div className="prompt-dock" ref={dockRef}>
        <UpdateOffer />
        {!inStaffArea && <GdprBanner />}
        {installable && (
          <Suspense fallback={null}>
            <InstallFooter />
          </Suspense>
        )}
        <IosInstallPrompt />
      </div>
      {/* A push shown in-app (sw/push.ts): over everything, outside the dock. */}
      <PushDialogHost />
    </>
  );
}
