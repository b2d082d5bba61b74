import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { TabBar } from '../ui/tab-bar/TabBar.tsx';
import { ScreenFallback } from '../ui/ScreenFallback.tsx';

/** The tab bar's destinations: the tab bar stays while a screen's code loads. */
export function TabbedLayout() {
  return (
    <div className="has-tab-bar">
      <Suspense fallback={<ScreenFallback />}>
        <Outlet />
      </Suspense>
      <TabBar />
    </div>
  );
}
