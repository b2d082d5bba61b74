/** What every successful sign-in does on the page: ask once for persistent storage (DESIGN §2), then go on. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useServices } from '../../app/services.tsx';
import { askPersistentStorageOnce } from '../../lib/persist-storage.ts';

export function useAfterSignIn(to = '/my-account'): () => void {
  const { db } = useServices();
  const navigate = useNavigate();
  return useCallback(() => {
    void askPersistentStorageOnce(db);
    navigate(to, { replace: true });
  }, [db, navigate, to]);
}
