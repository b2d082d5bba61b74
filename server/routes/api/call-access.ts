/**
 * Who may make a call, checked once (issue 31): the registration loop
 * (index.ts) runs the check the call table names for the call (src/api/
 * call-access.ts) before its handler, and keeps the caller on the request.
 * Handlers read it with userOf / staffOf and never check a role again; what
 * belongs to whom (an order, a store, an address) they still check, since
 * only they know the thing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isCallAccess, type CallAccess } from '../../../src/api/call-access.ts';
import { requireAdmin, requireConsoleStaff } from '../../admin/admin-access.ts';
import { forbidden, requireAgent, requireDriver, requireUser, tokenOf } from '../../account/authenticate.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import '../../http/caller.ts';

interface CallerBody {
  token?: string | undefined;
  user_id?: unknown;
}

type AccessCheck = (app: FastifyInstance, request: FastifyRequest, body: CallerBody) => Promise<SessionUser | null>;

async function customer(app: FastifyInstance, request: FastifyRequest, body: CallerBody): Promise<SessionUser> {
  const user = await requireUser(app, request, body);
  if (user.role !== 'customer') throw forbidden('Orders are placed with a customer account.');
  return user;
}

const ACCESS_CHECKS: Record<CallAccess, AccessCheck> = {
  anyone: async () => null,
  'visitor-or-customer': async (app, request, body) => (tokenOf(request, body) === undefined ? null : customer(app, request, body)),
  user: (app, request, body) => requireUser(app, request, body),
  'user-even-banned': (app, request, body) => requireUser(app, request, body, { allowBanned: true }),
  self: async (app, request, body) => {
    const user = await requireUser(app, request, body);
    if (typeof body.user_id === 'number' && body.user_id !== user.id) throw forbidden('This token belongs to another user.');
    return user;
  },
  customer,
  driver: (app, request, body) => requireDriver(app, request, body),
  agent: (app, request, body) => requireAgent(app, request, body),
  staff: (app, request, body) => requireConsoleStaff(app, request, body, 'Only administrators and store owners can do this.'),
  admin: (app, request, body) => requireAdmin(app, request, body),
};

/** The call's access, or an error that stops the server from starting: a call nobody said who may make is never served. */
export function accessOf(name: string, access: unknown): CallAccess {
  if (!isCallAccess(access)) throw new Error(`The call ${name} says no known access (${String(access)}): say who may make it in its call table.`);
  return access;
}

/** Runs the call's check: refuses with 401/403 as it says, else keeps the caller on the request. */
export async function admitCaller(app: FastifyInstance, request: FastifyRequest, body: unknown, access: CallAccess): Promise<void> {
  request.caller = await ACCESS_CHECKS[access](app, request, (body ?? {}) as CallerBody);
}
