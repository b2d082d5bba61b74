/**
 * The driver's outbox, visible (DESIGN §4): how many actions wait for the
 * network, which ones, and "Sync now", which asks the service worker to
 * replay what it holds and the worker to send the rest.
 */
import { useState } from 'react';
import type { OutboxEntry } from '../../api/outbox.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { formatDate } from '../../lib/format-date.ts';
import { pendingActionText } from './driver-words.ts';

/** The oldest few: enough to see what waits; the count says how many in all. */
const LISTED = 5;

export function PendingActions({ entries }: { entries: OutboxEntry[] }) {
  const t = useT();
  const locale = useLanguage()?.code;
  const { worker, serviceWorker } = useServices();
  const [syncing, setSyncing] = useState(false);
  const [outcome, setOutcome] = useState<TextKey | null>(null);

  const syncNow = async () => {
    setSyncing(true);
    setOutcome(null);
    try {
      await serviceWorker.requestQueueReplay();
      const report = await worker.drainOutbox();
      setOutcome(report.remaining > 0 ? 'driverSyncStillWaiting' : 'driverSyncDone');
    } finally {
      setSyncing(false);
    }
  };

  return (
    <section className="card driver-pending" aria-labelledby="driver-pending-title" data-testid="driver-pending">
      <h2 id="driver-pending-title" className="card-title driver-card-title">
        {t('driverPendingTitle')}
        <span className={`driver-badge${entries.length === 0 ? ' is-quiet' : ''}`} data-testid="driver-pending-count">
          {entries.length}
        </span>
      </h2>
      {entries.length === 0 ? (
        <p className="driver-muted">{t('driverPendingNone')}</p>
      ) : (
        <ul className="driver-pending-list">
          {entries.slice(0, LISTED).map((entry) => (
            <li key={entry.id} data-testid="driver-pending-item">
              <span>{pendingActionText(entry, t)}</span>
              <time className="driver-muted" dateTime={entry.actedAt}>
                {formatDate(entry.actedAt, locale, true)}
              </time>
            </li>
          ))}
          {entries.length > LISTED && (
            <li className="driver-muted" data-testid="driver-pending-more">
              {t('driverPendingMore', { count: entries.length - LISTED })}
            </li>
          )}
        </ul>
      )}
      <button type="button" className="button button-ghost" disabled={syncing} onClick={() => void syncNow()}>
        {syncing ? t('driverSyncing') : t('driverSyncNow')}
      </button>
      {outcome && (
        <p className="driver-muted" role="status" data-testid="driver-sync-outcome">
          {t(outcome)}
        </p>
      )}
    </section>
  );
}
