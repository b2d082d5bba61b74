/**
 * Login and favourites. Login is the minimum the favourites need (e-mail and
 * password → a fresh token); OTP, social login and registration arrive with
 * the accounts feature.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requireUser, unauthorized } from '../../auth/authenticate.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { hashToken, newToken, tokenExpiry } from '../../auth/tokens.ts';
import { notFound } from '../../http-error.ts';
import { JsonText, type CallHandlers } from './handlers.ts';

/**
 * Verified against when the e-mail is unknown, so an unknown address costs as
 * much time as a wrong password and the answer time does not tell them apart.
 */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomUUID()));

type AccountCalls = 'login' | 'toggle-favorite' | 'get-favorite-stores';

export function createAccountHandlers(app: FastifyInstance): Pick<CallHandlers, AccountCalls> {
  return {
    login: async ({ email, password }) => {
      const user = await app.usersRepository.findByEmail(email);
      const matches = await verifyPassword(password, user?.password_hash ?? (await decoy()));
      // One answer for an unknown e-mail and a wrong password: no account probing.
      if (!user || !matches) throw unauthorized('The e-mail or password is not right.');
      if (Number(user.is_banned) === 1) throw unauthorized('This account is blocked.');
      const token = newToken();
      await app.usersRepository.saveToken(Number(user.id), hashToken(token), tokenExpiry());
      return {
        success: true as const,
        data: { id: Number(user.id), name: user.name, email: user.email, phone: user.phone, role: user.role, auth_token: token },
      };
    },

    'toggle-favorite': async (body, request) => {
      const user = await requireUser(app, request, body);
      if (!(await app.storesRepository.exists(body.id))) throw notFound(`There is no store with id ${body.id}.`);
      return { id: body.id, is_favourite: await app.favouritesRepository.toggle(user.id, body.id) };
    },

    'get-favorite-stores': async (body, request) => {
      const user = await requireUser(app, request, body);
      const ids = await app.favouritesRepository.storeIdsOf(user.id);
      return JsonText.of(await app.nearbyStores.byIdsJson(ids, { latitude: body.latitude, longitude: body.longitude }));
    },
  };
}
