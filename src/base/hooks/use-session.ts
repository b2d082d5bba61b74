/** The signed-in user from the replica: undefined while reading, null when signed out. */
import { useLiveQuery } from '../../db/live-query.ts';
import { CUSTOMER_SESSION_ID, customerSessionOf, type CustomerSession } from '../../db/session.ts';
import { useReplica } from '../services.tsx';

export function useCustomerSession(): CustomerSession | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => {
    const row = await db.session.get(CUSTOMER_SESSION_ID);
    return row ? customerSessionOf(row) : null;
  }, [db]);
}
