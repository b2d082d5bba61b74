/**
 * What every successful sign-in does on the page: ask once for persistent
 * storage (DESIGN §2), then go on: back where the customer came from when
 * the address says so (/login?next=/checkout), else to `fallback`.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useServices } from '../../base/services.tsx';
import { askPersistentStorageOnce } from '../../lib/persist-storage.ts';
import { nextPathFrom } from '../../lib/return-path.ts';

/** Where the screen that sent the user here asked to come back to (/login?next=/checkout), if it did. */
export function useNextPath(): string | null {
  return nextPathFrom(useLocation().search);
}

export function useAfterSignIn(fallback = '/my-account'): () => void {
  const { db } = useServices();
  const navigate = useNavigate();
  const to = useNextPath() ?? fallback;
  return useCallback(() => {
    void askPersistentStorageOnce(db);
    navigate(to, { replace: true });
  }, [db, navigate, to]);
}
