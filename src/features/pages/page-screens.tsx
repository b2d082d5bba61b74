/**
 * /pages/:slug: a content page (about, terms, privacy…). It shows from the
 * replica at once and asks the worker to refresh it. A page never opened on
 * this device has nothing to show offline: the offline screen says so, and a
 * page the server does not have is 'not found'.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { useParams } from 'react-router-dom';
import type { SyncResult } from '../../api/worker-api.ts';
import type { PageRow } from '../../db/schema.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useMinuteClock } from '../../base/hooks/use-minute-clock.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { ScreenFallback } from '../../ui/ScreenFallback.tsx';
import { useServices } from '../../base/services.tsx';
import { updatedAgoText } from '../../lib/connectivity.ts';
import { SanitizedHtml } from '../../ui/SanitizedHtml.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { LoadFailedScreen } from '../../ui/LoadFailedScreen.tsx';
import { NotFoundScreen } from '../../ui/NotFoundScreen.tsx';
import { OfflineScreen } from '../../ui/OfflineScreen.tsx';
import './pages.css';

/** null while the replica is read; undefined when it has no such page. */
function useSavedPage(slug: string): PageRow | null | undefined {
  const { db } = useServices();
  return useLiveQuery(() => db.pages.where('slug').equals(slug).first(), [db, slug], null);
}

/** Asks the worker for the page once per slug (and again on 'Try again'). */
function usePageRefresh(slug: string): { result: SyncResult | null; retry: () => void } {
  const { worker } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [outcome, setOutcome] = useState<{ key: string; result: SyncResult } | null>(null);
  const key = `${slug}#${attempt}`;
  useEffect(() => {
    let current = true;
    void worker.openPage(slug).then((result) => {
      if (current) setOutcome({ key, result });
    });
    return () => {
      current = false;
    };
  }, [worker, slug, key]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { result: outcome?.key === key ? outcome.result : null, retry };
}

export function ContentPageScreen() {
  const { slug = '' } = useParams();
  const page = useSavedPage(slug);
  const { result, retry } = usePageRefresh(slug);

  if (page) return <ContentPage page={page} />;
  if (page === null || result === null || result.ok) return <ScreenFallback />;
  if (result.reason === 'invalid') return <NotFoundScreen />;
  if (result.reason === 'offline' || result.reason === 'timeout') return <OfflineScreen onRetry={retry} />;
  return <LoadFailedScreen onRetry={retry} />;
}

function ContentPage({ page }: { page: PageRow }) {
  const t = useT();
  const { offline } = useConnectivity();
  const now = useMinuteClock();
  return (
    <ScreenShell title={page.name}>
      {offline && (
        <p className="page-updated" data-testid="page-updated">
          {updatedAgoText(page.fetchedAt, now, t)}
        </p>
      )}
      <SanitizedHtml html={page.body} className="content-page card" testId="content-page" />
    </ScreenShell>
  );
}
