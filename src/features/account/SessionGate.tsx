/**
 * Loads the session banners only when one has something to say (an agent
 * acting for a customer, a session the app ended): most visits never
 * download them. This gate itself is a few hundred bytes after the first paint
 * (it reads the 'customer' row by name rather than import session.ts for it).
 */
import { lazy, Suspense } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import { useReplica } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';

const SessionBanners = lazy(() => import('./SessionBanners.tsx').then((module) => ({ default: module.SessionBanners })));

export function SessionGate() {
  const db = useReplica();
  const needed = useLiveQuery(
    () =>
      db.transaction('r', [db.session, db.prefs], async () => {
        const [row, ended] = await Promise.all([db.session.get('customer'), db.prefs.get(PrefKey.sessionEnded)]);
        return Boolean(row?.data.actingAgent) || Boolean(ended?.value);
      }),
    [db],
    false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <SessionBanners />
    </Suspense>
  );
}
