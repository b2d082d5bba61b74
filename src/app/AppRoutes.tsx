/** The routes of spec §2: '/' is in the first download, every other route's table and screens load on demand. */
import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { EntryScreen } from '../features/home/EntryScreen.tsx';
import { lazyScreen } from './lazy-screen.tsx';
import { ScreenFallback } from './ScreenFallback.tsx';

const MoreRoutes = lazyScreen(() => import('./more-routes.tsx').then((module) => module.MoreRoutes));

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
