import type { ReactNode } from 'react';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { DRIVER_HOME_PATH } from './driver-paths.ts';

/** A driver screen: the app's screen with back leading to the driver's start page, never into the customer's app. */
export function DriverShell({ title, topLevel = false, children }: { title: string; topLevel?: boolean; children: ReactNode }) {
  return (
    <ScreenShell title={title} topLevel={topLevel} home={DRIVER_HOME_PATH} className="driver-screen">
      {children}
    </ScreenShell>
  );
}
