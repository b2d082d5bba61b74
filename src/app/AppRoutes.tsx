/** The routes of spec §2: '/' is in the first download, every other route's table and screens load on demand. */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { EntryScreen } from '../features/home/EntryScreen.tsx';
import { afterThisTask } from '../lib/after-this-task.ts';
import { lazyScreen } from '../ui/lazy-screen.tsx';
import { ScreenFallback } from '../ui/ScreenFallback.tsx';

// The table, once here, asks at once for the screen at the address it arrives on (more-routes.tsx).
const MoreRoutes = lazyScreen(() =>
  import('./more-routes.tsx').then((module) => {
    module.preloadScreenAt(window.location);
    return module.MoreRoutes;
  }),
);

/**
 * Asked for as the first route's script runs when the app opens on any other
 * address than '/': the table, and with it that address's screen
 * (more-routes.tsx), load while the replica is still being filled instead of
 * once the first render reaches them. Asked for in the task after the first
 * route's own (after-this-task.ts); a cold visit's Link header has the
 * browser download them already (server/routes/route-preloads.ts).
 */
export function preloadRoutesAt(pathname: string): void {
  if (pathname !== '/') void afterThisTask(async () => MoreRoutes.preload());
}

export function AppRoutes() {
  return (
    <Suspense fallback={<ScreenFallback />}>
      <Routes>
        <Route index element={<EntryScreen />} />
        <Route path="*" element={<MoreRoutes />} />
      </Routes>
    </Suspense>
  );
}
