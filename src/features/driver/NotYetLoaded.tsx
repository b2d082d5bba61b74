import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { isUnreachable, type RefreshOutcome } from '../../base/hooks/use-worker-refresh.ts';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';

/** A driver screen with nothing saved on this device yet: waiting for the first answer, offline, or failed. */
export function NotYetLoaded({ result, onRetry }: { result: RefreshOutcome | null; onRetry: () => void }) {
  // An answer that worked is on its way into the replica.
  if (result === null || result.ok) return <ScreenFallback />;
  if (isUnreachable(result)) return <OfflineScreen onRetry={onRetry} />;
  return <LoadFailedScreen onRetry={onRetry} />;
}
