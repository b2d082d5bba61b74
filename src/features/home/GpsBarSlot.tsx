import { lazy, Suspense, type ComponentType } from 'react';
import { useCurrentAddress } from '../../base/hooks/use-replica-rows.ts';

// The bar's code follows the first paint; a chunk that fails to load shows nothing.
const nothing = (): { default: ComponentType } => ({ default: () => null });
const UseGpsBar = lazy(() => import('../location/home-location.tsx').then((m) => ({ default: m.UseGpsBar }), nothing));

const space = <div className="use-gps-bar-space" aria-hidden="true" data-testid="use-gps-bar-space" />;

/**
 * The use-GPS bar's place on home: there while the address is a business
 * location. Decided here, on the first route, from the address the home
 * already has (the snapshot's at first paint), and kept at the bar's height
 * while its code loads, so the list below never jumps when it arrives. Before
 * any address (a first visit, while boot picks the primary popular location,
 * a business location) its height is kept too.
 */
export function GpsBarSlot() {
  const address = useCurrentAddress();
  if (address === null || address === undefined) return space;
  if (!address.businessLocation) return null;
  return (
    <Suspense fallback={space}>
      <UseGpsBar />
    </Suspense>
  );
}
