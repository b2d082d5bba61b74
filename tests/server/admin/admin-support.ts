/**
 * What the console tests build on: the demo accounts of every role signed
 * in, calls made as one of them, and the audit rows a change wrote.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import type { Database, UserRole } from '../../../server/db/tables.ts';
import { callAs } from '../../support/accounts.ts';
import { loginAs } from '../../support/inject-call.ts';
import { DEMO_ACCOUNTS } from '../../../server/seed/demo-accounts.ts';

/**
 * For each file's beforeAll: a fresh database, the demo seed and a sign-in
 * per role (an scrypt hash each) take a few seconds alone and far longer than
 * vitest's 10 s hook default while other files load the machine.
 */
export const SETUP_TIMEOUT_MS = 60_000;

export interface Person {
  id: number;
  token: string;
}

export type Staff = Record<UserRole, Person>;

/** The demo account of each role, signed in. */
export async function signInEveryRole(app: FastifyInstance): Promise<Staff> {
  const people = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => {
      const token = await loginAs(app, account.role);
      const user = await app.usersRepository.findByEmail(account.email);
      if (!user) throw new Error(`No demo ${account.role}`);
      return [account.role, { id: Number(user.id), token }] as const;
    }),
  );
  return Object.fromEntries(people) as Staff;
}

/** A call as the person (no token at all when who is undefined). */
export function callAsPerson(
  app: FastifyInstance,
  name: CallName,
  who: Person | undefined,
  body: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return callAs(app, name, who ? { token: who.token, ...body } : body);
}

/** Calls and expects a 200; answers the parsed body. */
export async function ok<T>(response: Promise<LightMyRequestResponse>): Promise<T> {
  const answer = await response;
  if (answer.statusCode !== 200) throw new Error(`expected 200, got ${answer.statusCode}: ${answer.body}`);
  return answer.json<T>();
}

export interface AuditRowSeen {
  user_id: number;
  role: string;
  action: string;
  entity: string;
  entity_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
}

/** The audit rows of one call, oldest first. */
export async function auditRowsOf(db: Kysely<Database>, action: string): Promise<AuditRowSeen[]> {
  const rows = await db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    role: row.role,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    created_at: row.created_at,
  }));
}

export async function auditCount(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('admin_audit').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
