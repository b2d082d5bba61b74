import { useSyncExternalStore } from 'react';
import { isInstallOfferAvailable, subscribeInstallPrompt } from '../../lib/install-prompt.ts';

/** True once the browser signalled the app is installable, until the offer is used or dismissed. */
export function useInstallOfferAvailable(): boolean {
  return useSyncExternalStore(subscribeInstallPrompt, isInstallOfferAvailable, () => false);
}
