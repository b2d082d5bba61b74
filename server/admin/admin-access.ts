/**
 * Who may use the console's part A: administrators signed in as themselves
 * for everything; store owners only for their stores' orders. A token an
 * agent holds for a customer is the customer's, so it never passes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, requireUser } from '../account/authenticate.ts';
import type { SessionUser } from '../account/users-repository.ts';

export type ConsoleUser = SessionUser & { role: 'admin' | 'store_owner' };

interface TokenBody {
  token?: string | undefined;
}

export async function requireAdmin(app: FastifyInstance, request: FastifyRequest, body: TokenBody): Promise<SessionUser> {
  const user = await requireUser(app, request, body);
  if (user.role !== 'admin' || user.acting_user_id !== null) throw forbidden('Only administrators can do this.');
  return user;
}

/** An administrator or a store owner, signed in as themselves; `refusal` tells anyone else what they may not do. */
export async function requireConsoleStaff(app: FastifyInstance, request: FastifyRequest, body: TokenBody, refusal: string): Promise<ConsoleUser> {
  const user = await requireUser(app, request, body);
  if ((user.role !== 'admin' && user.role !== 'store_owner') || user.acting_user_id !== null) throw forbidden(refusal);
  return user as ConsoleUser;
}

/** An administrator or a store owner (the orders part of the console). */
export function requireOrderStaff(app: FastifyInstance, request: FastifyRequest, body: TokenBody): Promise<ConsoleUser> {
  return requireConsoleStaff(app, request, body, 'Only administrators and store owners can see store orders.');
}
