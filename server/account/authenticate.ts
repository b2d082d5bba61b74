/**
 * The one place a request becomes a user: the `token` field the spec sends
 * in the body, or `Authorization: Bearer <token>`. A missing, unknown or
 * expired token (or a deleted account) is a 401 UNAUTHORIZED; a banned
 * user's token is a 403 ACCOUNT_BANNED. Every check of who may make a call
 * (server/routes/api/call-access.ts) starts with requireUser(); the agent's
 * and the driver's checks are here too.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/http-error.ts';
import type { SessionUser } from './users-repository.ts';
import { hashToken } from './tokens.ts';

export function tokenOf(request: FastifyRequest, body?: { token?: string | undefined }): string | undefined {
  const bearer = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  const token = body?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export function unauthorized(message = 'Sign in to do this.'): HttpError {
  return new HttpError(401, 'UNAUTHORIZED', message);
}

export function forbidden(message = 'You are not allowed to do this.'): HttpError {
  return new HttpError(403, 'FORBIDDEN', message);
}

export function accountBanned(): HttpError {
  return new HttpError(403, 'ACCOUNT_BANNED', 'This account is blocked. Contact support.');
}

export async function requireUser(
  app: FastifyInstance,
  request: FastifyRequest,
  body?: { token?: string | undefined },
  options: { allowBanned?: boolean } = {},
): Promise<SessionUser> {
  const token = tokenOf(request, body);
  if (!token) throw unauthorized();
  const user = await app.usersRepository.userByTokenHash(hashToken(token));
  if (!user) throw unauthorized('This session is not valid. Sign in again.');
  if (Number(user.is_banned) === 1 && !options.allowBanned) throw accountBanned();
  return user;
}

/** A call-centre agent signed in as themselves. */
export async function requireAgent(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { token?: string | undefined },
): Promise<SessionUser> {
  const user = await requireUser(app, request, body);
  if (user.role !== 'agent' || user.acting_user_id !== null) throw forbidden('Only call-centre agents can do this.');
  return user;
}

/** A driver: the driver area's calls and the driver's moves. */
export async function requireDriver(
  app: FastifyInstance,
  request: FastifyRequest,
  body: { token?: string | undefined },
): Promise<SessionUser> {
  const user = await requireUser(app, request, body);
  if (user.role !== 'driver') throw forbidden('Only drivers can do this.');
  return user;
}
