import { lazyScreen } from '../../ui/lazy-screen.tsx';
import { useIsDesktop } from '../../base/hooks/use-media-query.ts';
import { usePrimaryLocationMissing } from '../../base/hooks/use-replica-rows.ts';
import { MobileHome } from './MobileHome.tsx';

// Phones never download the landing page's code, and a correctly set up store never the error page's.
const DesktopLanding = lazyScreen(() => import('../landing/DesktopLanding.tsx').then((module) => module.DesktopLanding));
const CriticalErrorScreen = lazyScreen(() => import('./CriticalErrorScreen.tsx').then((module) => module.CriticalErrorScreen));

/** Route '/': the critical error, the desktop landing or the mobile home (spec §2). */
export function EntryScreen() {
  const isDesktop = useIsDesktop();
  const primaryLocationMissing = usePrimaryLocationMissing();
  if (primaryLocationMissing) return <CriticalErrorScreen />;
  return isDesktop ? <DesktopLanding /> : <MobileHome />;
}
