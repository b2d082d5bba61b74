/**
 * The one place a request becomes a user: the `token` field the spec sends
 * in the body, or `Authorization: Bearer <token>`. A missing, unknown or
 * expired token, or a banned user, is a 401 UNAUTHORIZED; every call that
 * takes a token goes through requireUser().
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http-error.ts';
import type { SessionUser } from '../repositories/users-repository.ts';
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

export async function requireUser(
  app: FastifyInstance,
  request: FastifyRequest,
  body?: { token?: string | undefined },
): Promise<SessionUser> {
  const token = tokenOf(request, body);
  if (!token) throw unauthorized();
  const user = await app.usersRepository.userByTokenHash(hashToken(token));
  if (!user || Number(user.is_banned) === 1) throw unauthorized('This session is not valid. Sign in again.');
  return user;
}
