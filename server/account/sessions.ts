/**
 * Opening a session: a new random token (stored hashed) and the signed-in
 * user as the contract answers it. A call-centre agent's session for a
 * customer carries the agent's id and lasts a working shift, not 90 days.
 */
import type { FastifyInstance } from 'fastify';
import type { LoginResult, SignedInUser } from '../../src/api/account/entities.ts';
import type { UserRow } from '../db/tables.ts';
import { toAccount } from './users-repository.ts';
import { hashToken, newToken, tokenExpiry } from './tokens.ts';

export const AGENT_SESSION_HOURS = 12;

export async function openSession(
  app: FastifyInstance,
  user: UserRow,
  options: { actingAgentId?: number; now?: Date } = {},
): Promise<SignedInUser> {
  const now = options.now ?? new Date();
  const token = newToken();
  const actingAgentId = options.actingAgentId ?? null;
  const expiresAt = actingAgentId === null ? tokenExpiry(now) : new Date(now.getTime() + AGENT_SESSION_HOURS * 3600 * 1000);
  await app.usersRepository.saveToken(Number(user.id), hashToken(token), expiresAt, actingAgentId);
  return { ...toAccount(user), auth_token: token, acting_agent_id: actingAgentId };
}

export async function loginResult(app: FastifyInstance, user: UserRow): Promise<LoginResult> {
  return { success: true, data: await openSession(app, user) };
}
