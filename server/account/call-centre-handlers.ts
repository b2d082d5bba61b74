/**
 * The call centre (spec §6): an agent opens a customer's session to act for
 * them (login-as-customer) or registers a guest who phoned in
 * (register-guest-user). Only agents, only for customers; every such
 * session carries the agent's id (auth_tokens.acting_user_id, answered as
 * acting_agent_id) and each action is written to the agent audit.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AgentSessionResult } from '../../src/api/account/entities.ts';
import { searchCustomers } from './customer-search.ts';
import { accountBanned, forbidden } from './authenticate.ts';
import { hashPassword } from './passwords.ts';
import { checkNewPassword, given, normaliseEmail, normalisePhone, requireName } from './identifiers.ts';
import { createCustomer } from './customers.ts';
import { openSession } from './sessions.ts';
import type { UserRow } from '../db/tables.ts';
import { HttpError } from '../http/http-error.ts';
import { emailTaken, phoneTaken } from './users-repository.ts';
import type { CallHandlers } from '../http/call-handler.ts';
import { userOf } from '../http/caller.ts';

export type CallCentreCalls = 'login-as-customer' | 'register-guest-user' | 'search-customers';

/** Where a guest without an e-mail gets one: the reserved .invalid domain, so nothing is ever sent there. */
export const GUEST_EMAIL_DOMAIN = 'guest.foodpilot.invalid';

export function createCallCentreHandlers(app: FastifyInstance): Pick<CallHandlers, CallCentreCalls> {
  async function actFor(agentId: number, customer: UserRow): Promise<AgentSessionResult> {
    const data = await openSession(app, customer, { actingAgentId: agentId });
    return { success: true, data, addresses: await app.addressesRepository.listOf(Number(customer.id)) };
  }

  return {
    'login-as-customer': async (body, request) => {
      const agent = userOf(request);
      const customer = await app.usersRepository.findById(body.user_id);
      if (!customer) throw new HttpError(404, 'UNKNOWN_USER', `There is no user ${body.user_id}.`);
      // Acting for staff would hand an agent their rights.
      if (customer.role !== 'customer') throw forbidden('Agents can act only for customer accounts.');
      if (Number(customer.is_banned) === 1) throw accountBanned();
      await app.agentActionsRepository.record({ agentId: agent.id, action: 'login-as-customer', customerId: Number(customer.id) });
      return actFor(agent.id, customer);
    },

    'search-customers': async (body) => ({ customers: await searchCustomers(app, body.query) }),

    'register-guest-user': async (body, request) => {
      const agent = userOf(request);
      const name = requireName(body.name);
      const phone = normalisePhone(body.phone);
      const emailText = given(body.email);
      const email = emailText ? normaliseEmail(emailText) : `guest-${phone.replace(/\D/g, '')}-${randomBytes(3).toString('hex')}@${GUEST_EMAIL_DOMAIN}`;
      const password = given(body.password);
      if (password) checkNewPassword(password);
      if (await app.usersRepository.findByPhone(phone)) throw phoneTaken();
      if (await app.usersRepository.findByEmail(email)) throw emailTaken();
      // Without a password the guest signs in later by a code to their phone.
      const passwordHash = await hashPassword(password ?? randomUUID());
      const id = await createCustomer(app, { name, email, phone, passwordHash, phoneVerified: false });
      await app.agentActionsRepository.record({
        agentId: agent.id,
        action: 'register-guest-user',
        customerId: id,
        details: { with_email: emailText !== undefined, with_password: password !== undefined },
      });
      return actFor(agent.id, (await app.usersRepository.findById(id)) as UserRow);
    },
  };
}
