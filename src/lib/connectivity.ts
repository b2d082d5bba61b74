import type { TextKey } from '../api/language/texts.ts';
import { formatText } from '../api/language/format-text.ts';

/** What the worker writes in syncState 'connectivity' when the server was not reached. */
const UNREACHABLE_ERRORS: readonly string[] = ['offline', 'timeout'];

/** Whether the app is offline, and whether because a tester simulates it. */
export interface Connectivity {
  offline: boolean;
  simulated: boolean;
}

/**
 * The app is offline when the worker's last request failed by network (or
 * timed out) or a tester simulates it. `navigator.onLine` is not consulted: it reads true
 * after a reload under emulated offline (TOOLCHAIN), a failed request is the truth.
 */
export function isAppOffline(connectivityError: string | null | undefined, simulatedOffline: boolean): boolean {
  return simulatedOffline || (connectivityError != null && UNREACHABLE_ERRORS.includes(connectivityError));
}

/** Whole minutes between `fetchedAt` and `now`, never negative. */
export function minutesSince(fetchedAt: number, now: number): number {
  return Math.max(0, Math.floor((now - fetchedAt) / 60_000));
}

/** "Updated N min ago" / "Updated just now", or null when nothing was ever fetched. */
export function updatedAgoText(
  fetchedAt: number | null | undefined,
  now: number,
  t: (key: TextKey) => string,
): string | null {
  if (fetchedAt == null || !Number.isFinite(fetchedAt)) return null;
  const minutes = minutesSince(fetchedAt, now);
  return minutes < 1 ? t('updatedJustNow') : formatText(t('updatedAgo'), { minutes });
}
