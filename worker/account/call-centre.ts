/**
 * The call centre (spec §6): a signed-in agent opens a customer's session
 * (login-as-customer) or registers a guest (register-guest-user) and acts
 * for them. The customer's session takes the session row, carrying the
 * agent's id and name for the "acting for" banner and the agent's own
 * session to return to (stopActing).
 */
import type { Address, AgentSessionResult, CustomerMatch } from '../../src/api/account/entities.ts';
import type { GuestInput } from '../../src/api/account/worker-api.ts';
import { cleanPhone } from '../../src/api/account/rules.ts';
import type { LoginSummary, SyncFailure, SyncResult } from '../../src/api/worker-api.ts';
import { CUSTOMER_SESSION_ID, type ActingAgent } from '../../src/db/session.ts';
import type { ValueResult } from '../net/api-client.ts';
import { callerTables, endSessionIfRefused, forgetCaller, keepSession, readSession, replaceAddresses, restoreAgent } from '../replica/session.ts';
import { NOT_SIGNED_IN } from '../replica/browse-context.ts';
import type { SyncContext } from '../replica/context.ts';
import { writeAddress } from '../replica/writes.ts';

const NOT_AN_AGENT: SyncFailure = {
  ok: false,
  reason: 'unauthorized',
  code: 'FORBIDDEN',
  message: 'Only a signed-in call-centre agent can do this.',
};

/** The agent's own session: the one signed in, or the one kept behind a customer's. */
async function agentSession(ctx: SyncContext): Promise<ActingAgent | SyncFailure> {
  const row = await ctx.db.session.get(CUSTOMER_SESSION_ID);
  const session = await readSession(ctx.db);
  if (!row || !session) return NOT_SIGNED_IN;
  if (session.actingAgent) return session.actingAgent;
  if (session.role !== 'agent') return NOT_AN_AGENT;
  return { id: session.userId, name: session.name, session: row };
}

async function actFor(
  ctx: SyncContext,
  call: (token: string) => Promise<ValueResult<AgentSessionResult>>,
): Promise<SyncResult<LoginSummary>> {
  const agent = await agentSession(ctx);
  if ('ok' in agent) return agent;
  const result = await call(agent.session.token);
  if (!result.ok) {
    // The agent's own token was refused (banned, signed out elsewhere): end that session.
    const current = await readSession(ctx.db);
    if (current && !current.actingAgent) await endSessionIfRefused(ctx, current, result);
    return result;
  }
  const { db } = ctx;
  const summary = await db.transaction('rw', callerTables(db), async () => {
    // Nothing of the previous caller (or of the agent's own browsing) carries over to this one.
    await forgetCaller(db, ctx.now());
    const kept = await keepSession(ctx, result.value.data, agent);
    await replaceAddresses(db, result.value.addresses, ctx.now());
    // The agent orders for where the customer is, not where the agent sits.
    const start = customerStartAddress(result.value.addresses);
    if (start) await writeAddress(db, start, ctx.now());
    return kept;
  });
  return { ok: true, value: summary };
}

/** The customer's default saved address, else their first: where an agent starts browsing for them. */
export function customerStartAddress(addresses: readonly Address[]) {
  const chosen = addresses.find((address) => address.is_default) ?? addresses[0];
  if (!chosen) return null;
  return {
    lat: chosen.latitude,
    lng: chosen.longitude,
    address: chosen.address,
    house: chosen.house,
    tag: chosen.tag,
    businessLocation: false,
  };
}

export async function searchCustomers(ctx: SyncContext, query: string): Promise<SyncResult<CustomerMatch[]>> {
  const agent = await agentSession(ctx);
  if ('ok' in agent) return agent;
  const result = await ctx.api.call('search-customers', { token: agent.session.token, query: query.trim() });
  return result.ok ? { ok: true, value: result.value.customers } : result;
}

export function loginAsCustomer(ctx: SyncContext, userId: number): Promise<SyncResult<LoginSummary>> {
  if (!Number.isInteger(userId) || userId < 1) {
    return Promise.resolve({ ok: false, reason: 'invalid', code: 'VALIDATION_FAILED', message: `Not a user id: ${String(userId)}` });
  }
  return actFor(ctx, (token) => ctx.api.call('login-as-customer', { token, user_id: userId }));
}

export function registerGuestUser(ctx: SyncContext, input: GuestInput): Promise<SyncResult<LoginSummary>> {
  const email = input.email?.trim();
  const password = input.password;
  return actFor(ctx, (token) =>
    ctx.api.call('register-guest-user', {
      token,
      name: input.name.trim(),
      phone: cleanPhone(input.phone),
      ...(email ? { email } : {}),
      ...(password ? { password } : {}),
    }),
  );
}

/** Back to the agent's own session; the customer's data leaves the replica. */
export async function stopActing(ctx: SyncContext): Promise<SyncResult> {
  const session = await readSession(ctx.db);
  if (!session) return NOT_SIGNED_IN;
  if (!session.actingAgent) return { ok: true };
  await restoreAgent(ctx.db, session.actingAgent, ctx.now());
  return { ok: true };
}
