/**
 * Calls through `app.inject` by call name, with path parameters filled in
 * from the contract (get-restaurant-info/:slug…), and a login helper that
 * answers the demo account's token.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { LoginResult } from '../../src/api/account/entities.ts';
import { callPath, type CallName, type CallParams } from '../../src/api/calls.ts';
import { API_PREFIX } from '../../src/api/paths.ts';
import { DEMO_ACCOUNTS } from '../../server/seed/demo-accounts.ts';
import type { UserRole } from '../../server/db/tables.ts';

export function injectCall<N extends CallName>(
  app: FastifyInstance,
  name: N,
  payload: unknown = {},
  options: { params?: CallParams<N>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${callPath(name, options.params)}`,
    payload: payload as object,
    ...(options.headers ? { headers: options.headers } : {}),
  });
}

const tokens = new WeakMap<FastifyInstance, Map<UserRole, string>>();

/**
 * Logs a demo account in (by role) and answers its auth token; once per app
 * and role, so tests stay clear of the login rate limit.
 */
export async function loginAs(app: FastifyInstance, role: UserRole): Promise<string> {
  const known = tokens.get(app)?.get(role);
  if (known) return known;
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  if (!account) throw new Error(`No demo account for ${role}`);
  const response = await injectCall(app, 'login', { email: account.email, password: account.password });
  if (response.statusCode !== 200) throw new Error(`login as ${role} answered ${response.statusCode}: ${response.body}`);
  const token = response.json<LoginResult>().data.auth_token;
  tokens.set(app, (tokens.get(app) ?? new Map<UserRole, string>()).set(role, token));
  return token;
}
