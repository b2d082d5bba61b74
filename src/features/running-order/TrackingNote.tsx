/**
 * How fresh the page is: "Live updates" while the stream is open; otherwise
 * an honest "Reconnecting…" with the time the state was last confirmed
 * ("Updated N min ago"). A final order changes no more: nothing to say.
 */
import type { TrackingLink } from '../../api/orders/worker-api.ts';
import { useMinuteClock } from '../../base/hooks/use-minute-clock.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { updatedAgoText } from '../../lib/connectivity.ts';

export function TrackingNote({ link, fetchedAt, final }: { link: TrackingLink; fetchedAt: number; final: boolean }) {
  const t = useT();
  const now = useMinuteClock();
  if (final) return null;
  const updated = link === 'live' ? null : updatedAgoText(fetchedAt, now, t);
  return (
    <p className={`tracking-note is-${link}`} data-testid="tracking-note">
      <span role="status">
        {link === 'live' && <span className="tracking-live-dot" aria-hidden="true" />}
        {link === 'live' ? t('runningOrderLive') : link === 'reconnecting' ? t('runningOrderReconnecting') : link === 'connecting' ? t('runningOrderConnecting') : null}
      </span>
      {updated && <span className="tracking-updated" data-testid="tracking-updated">{updated}</span>}
    </p>
  );
}
