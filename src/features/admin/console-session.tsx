/**
 * The console's session: its own row ('console') of the replica's session
 * table, so it survives reloads and never touches the customer's or the
 * driver's. The page writes it (the console does not go through the sync
 * worker). `useConsoleCall()` hands every screen a call bound to the token;
 * a 401 ends the session here, so the gate sends the user back to sign in.
 */
import { useLiveQuery } from '../../db/live-query.ts';
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import type { CallBody, CallName, CallResponse } from '../../api/calls.ts';
import { useReplica } from '../../base/services.tsx';
import type { ReplicaDatabase } from '../../db/schema.ts';
import { CONSOLE_SESSION_ID } from '../../db/session.ts';
import { failureCode, type SyncFailure } from '../../api/sync-result.ts';
import { callConsole, type ConsoleResult } from './admin-api.ts';

/** Who may open the console: administrators everything, store owners their own stores. */
export const CONSOLE_ROLES = ['admin', 'store_owner'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];

export interface ConsoleSession {
  userId: number;
  token: string;
  role: ConsoleRole;
  name: string;
  email: string;
}

export function isConsoleRole(role: string): role is ConsoleRole {
  return (CONSOLE_ROLES as readonly string[]).includes(role);
}

/** undefined while the replica answers, null when nobody is signed in to the console. */
export function useStoredConsoleSession(): ConsoleSession | null | undefined {
  const db = useReplica();
  return useLiveQuery(async () => {
    const row = await db.session.get(CONSOLE_SESSION_ID);
    if (!row || !isConsoleRole(row.role)) return null;
    const data = row.data as { name?: unknown; email?: unknown };
    return {
      userId: row.userId,
      token: row.token,
      role: row.role,
      name: typeof data.name === 'string' ? data.name : '',
      email: typeof data.email === 'string' ? data.email : '',
    };
  }, [db]);
}

export type SignInOutcome = { ok: true; session: ConsoleSession } | SyncFailure | { ok: false; refused: 'role' };

/** Signs in with the app's `login` call and keeps the session only for an administrator or a store owner. */
export async function signInToConsole(db: ReplicaDatabase, emailOrPhone: string, password: string): Promise<SignInOutcome> {
  const who = emailOrPhone.trim();
  const result = await callConsole('login', who.includes('@') ? { email: who, password } : { phone: who, password });
  if (!result.ok) return result;
  const { data } = result.value;
  if (!isConsoleRole(data.role)) {
    // The session the server just opened is of no use here: end it rather than leave it lying around.
    void callConsole('logout', {}, { token: data.auth_token });
    return { ok: false, refused: 'role' };
  }
  const session: ConsoleSession = { userId: data.id, token: data.auth_token, role: data.role, name: data.name, email: data.email };
  await db.session.put({
    id: CONSOLE_SESSION_ID,
    userId: session.userId,
    token: session.token,
    role: session.role,
    data: { name: session.name, email: session.email },
    savedAt: Date.now(),
  });
  return { ok: true, session };
}

export type ConsoleCall = <N extends CallName>(name: N, body: CallBody<N>, signal?: AbortSignal) => Promise<ConsoleResult<CallResponse<N>>>;

interface ConsoleContextValue {
  session: ConsoleSession;
  call: ConsoleCall;
  signOut(): Promise<void>;
}

const ConsoleContext = createContext<ConsoleContextValue | null>(null);

export function ConsoleSessionProvider({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  const db = useReplica();
  const signOut = useCallback(async () => {
    await db.session.delete(CONSOLE_SESSION_ID);
    // Best effort: the token should stop working on the server too, but signing out here must not wait for the network.
    void callConsole('logout', {}, { token: session.token });
  }, [db, session.token]);
  const call = useCallback<ConsoleCall>(
    async (name, body, signal) => {
      const result = await callConsole(name, body, { token: session.token, ...(signal ? { signal } : {}) });
      // The token expired or was revoked (a new password, a ban): back to the sign-in page.
      const code = result.ok ? null : failureCode(result);
      if (code === 'UNAUTHORIZED' || code === 'ACCOUNT_BANNED') {
        await db.session.delete(CONSOLE_SESSION_ID);
      }
      return result;
    },
    [db, session.token],
  );
  const value = useMemo(() => ({ session, call, signOut }), [session, call, signOut]);
  return <ConsoleContext.Provider value={value}>{children}</ConsoleContext.Provider>;
}

function useConsoleContext(): ConsoleContextValue {
  const value = useContext(ConsoleContext);
  if (!value) throw new Error('console hooks outside <ConsoleSessionProvider>');
  return value;
}

export function useConsoleSession(): ConsoleSession {
  return useConsoleContext().session;
}

export function useConsoleCall(): ConsoleCall {
  return useConsoleContext().call;
}

export function useConsoleSignOut(): () => Promise<void> {
  return useConsoleContext().signOut;
}

export function useIsAdmin(): boolean {
  return useConsoleSession().role === 'admin';
}
