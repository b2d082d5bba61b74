import { useConnectivity } from '../base/hooks/use-replica-rows.ts';
import { useMinuteClock } from '../base/hooks/use-minute-clock.ts';
import { useT } from '../base/settings-and-language.tsx';
import { updatedAgoText } from '../lib/connectivity.ts';

/** "Updated N min ago" under saved data shown while offline (DESIGN §2); nothing online. */
export function SavedNote({ fetchedAt, testId = 'saved-note' }: { fetchedAt: number | null | undefined; testId?: string }) {
  const t = useT();
  const { offline } = useConnectivity();
  const now = useMinuteClock();
  const text = offline ? updatedAgoText(fetchedAt, now, t) : null;
  if (!text) return null;
  return (
    <p className="saved-note" data-testid={testId}>
      {text}
    </p>
  );
}
