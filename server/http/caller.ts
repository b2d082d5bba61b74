/**
 * Who made a call, as the registration loop's access check admitted them
 * (server/routes/api/call-access.ts): a handler reads the caller here and
 * never checks a role of its own.
 */
import type { FastifyRequest } from 'fastify';
import type { ConsoleUser } from '../admin/admin-access.ts';
import type { SessionUser } from '../account/users-repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who made the call, as its access check admitted them: null for a call anyone may make, or a visitor. */
    caller: SessionUser | null;
  }
}

/** The signed-in caller of a call whose access names one (every access but anyone and visitor-or-customer). */
export function userOf(request: FastifyRequest): SessionUser {
  if (!request.caller) throw new Error(`${request.url}: its handler needs a signed-in caller, but its access admits anyone.`);
  return request.caller;
}

/** The administrator or store owner of a staff or admin call. */
export function staffOf(request: FastifyRequest): ConsoleUser {
  const user = userOf(request);
  if (user.role !== 'admin' && user.role !== 'store_owner') throw new Error(`${request.url}: its handler needs staff, but its access admits a ${user.role}.`);
  return user as ConsoleUser;
}
