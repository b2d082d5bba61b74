import { afterThisTask } from '../../lib/after-this-task.ts';

/**
 * The mobile home's lazy parts (the location bar and sheet, the sliders),
 * asked for as the first route's script runs when the address is the home,
 * not when the home first renders them. A first visit renders the home only
 * once the sync worker has the settings and the texts; on slow 4G the parts
 * asked for only then were one more round trip before the first paint.
 * The same import later (the screens' lazy()) finds the module already on its way.
 * Asked for in the task after the first route's own (after-this-task.ts).
 */
export function loadMobileHomeParts(): void {
  const ignore = () => undefined;
  afterThisTask(() => import('../location/home-location.tsx')).catch(ignore);
  afterThisTask(() => import('./Sliders.tsx')).catch(ignore);
}
