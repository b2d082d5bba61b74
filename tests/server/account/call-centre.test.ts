/**
 * The call centre on each database: only agents may act for a customer or
 * register a guest, only for customers; the session they get carries the
 * agent's id, and what they do is written to the audit under their own id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentSessionResult, CustomerMatches, Wallet } from '../../../src/api/account/entities.ts';
import { GUEST_EMAIL_DOMAIN } from '../../../server/account/call-centre-handlers.ts';
import { hashToken } from '../../../server/account/tokens.ts';
import { callAs, dataUrl, imageBytes, registerCustomer, uniqueEmail, uniquePhone } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('call centre on $kind', ({ kind }) => {
  let t: TestApp;
  let agentToken: string;
  let agentId: number;
  let demoCustomerId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    agentToken = await loginAs(t.app, 'agent');
    agentId = Number((await t.app.usersRepository.findByEmail('agent@foodpilot.test'))?.id);
    demoCustomerId = Number((await t.app.usersRepository.findByEmail('customer@foodpilot.test'))?.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
  };
  const auditOf = (customerId: number) =>
    t.db.selectFrom('agent_actions').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();

  describe('login-as-customer', () => {
    it("answers the customer's session, carrying the agent's id, with the customer's addresses, and audits it", async () => {
      const response = await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: demoCustomerId });
      expect(response.statusCode).toBe(200);
      const result = response.json<AgentSessionResult>();
      expect(result.data).toMatchObject({ id: demoCustomerId, email: 'customer@foodpilot.test', role: 'customer', acting_agent_id: agentId });
      expect(result.addresses).toEqual([expect.objectContaining({ address: '12 Market Street, Riverton', tag: 'Home', is_default: true })]);
      const token = await t.db.selectFrom('auth_tokens').selectAll().where('token_hash', '=', hashToken(result.data.auth_token)).executeTakeFirstOrThrow();
      expect(token).toMatchObject({ user_id: demoCustomerId, acting_user_id: agentId });
      // An agent's session for a customer lasts a shift, not months.
      expect(Date.parse(token.expires_at) - Date.now()).toBeLessThanOrEqual(12 * 3600 * 1000);
      const audit = await auditOf(demoCustomerId);
      expect(audit.at(-1)).toMatchObject({ agent_id: agentId, action: 'login-as-customer', customer_id: demoCustomerId });

      // The session works for the customer's calls; what the agent changes is audited as theirs.
      const wallet = await callAs(t.app, 'get-wallet-transactions', { token: result.data.auth_token, user_id: demoCustomerId });
      expect(wallet.json<Wallet>().balance).toBe(1750);
      await callAs(t.app, 'update-tax-number', { token: result.data.auth_token, tax_number: 'VAT 1234' });
      await callAs(t.app, 'change-avatar', { token: result.data.auth_token, avatar: dataUrl(imageBytes('png')) });
      expect((await auditOf(demoCustomerId)).slice(-2).map((row) => [row.agent_id, row.action])).toEqual([
        [agentId, 'update-tax-number'],
        [agentId, 'change-avatar'],
      ]);
      // Some things stay the customer's own.
      expectError(await callAs(t.app, 'delete-user', { token: result.data.auth_token, user_id: demoCustomerId }), 403, 'FORBIDDEN');
      expectError(
        await callAs(t.app, 'save-notification-token', { token: result.data.auth_token, user_id: demoCustomerId, push_token: 'agent-browser' }),
        403,
        'FORBIDDEN',
      );
      // An agent session cannot be used to become an agent again.
      expectError(await callAs(t.app, 'login-as-customer', { token: result.data.auth_token, user_id: demoCustomerId }), 403, 'FORBIDDEN');
    });

    it('is refused to customers, drivers, store owners and admins (403 FORBIDDEN)', async () => {
      for (const role of ['customer', 'driver', 'store_owner', 'admin'] as const) {
        const token = await loginAs(t.app, role);
        expectError(await callAs(t.app, 'login-as-customer', { token, user_id: demoCustomerId }), 403, 'FORBIDDEN');
        expectError(await callAs(t.app, 'register-guest-user', { token, name: 'G', phone: uniquePhone() }), 403, 'FORBIDDEN');
      }
      expectError(await callAs(t.app, 'login-as-customer', { user_id: demoCustomerId }), 401, 'UNAUTHORIZED');
    });

    it('acts only for customers: staff accounts are FORBIDDEN, unknown and deleted ones UNKNOWN_USER, banned ones ACCOUNT_BANNED', async () => {
      const adminId = Number((await t.app.usersRepository.findByEmail('admin@foodpilot.test'))?.id);
      expectError(await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: adminId }), 403, 'FORBIDDEN');
      expectError(await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: agentId }), 403, 'FORBIDDEN');
      expectError(await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: 999_999 }), 404, 'UNKNOWN_USER');
      const gone = await registerCustomer(t.app);
      await callAs(t.app, 'delete-user', { token: gone.token, user_id: gone.id });
      expectError(await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: gone.id }), 404, 'UNKNOWN_USER');
      const banned = await registerCustomer(t.app);
      await t.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', banned.id).execute();
      expectError(await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: banned.id }), 403, 'ACCOUNT_BANNED');
    });

    it("an agent's sessions for customers end when the agent is banned", async () => {
      const customer = await registerCustomer(t.app);
      const result = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
      const check = () => callAs(t.app, 'update-user-info', { token: result.data.auth_token, user_id: customer.id });
      expect((await check()).statusCode).toBe(200);
      await t.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', agentId).execute();
      try {
        expectError(await check(), 401, 'UNAUTHORIZED');
        // The customer's own session is not affected.
        expect((await callAs(t.app, 'update-user-info', { token: customer.token, user_id: customer.id })).statusCode).toBe(200);
      } finally {
        await t.db.updateTable('users').set({ is_banned: 0 }).where('id', '=', agentId).execute();
      }
    });
  });

  describe('register-guest-user', () => {
    it('creates a customer, answers the agent session for them and audits it', async () => {
      const phone = uniquePhone();
      const email = uniqueEmail('guest');
      const response = await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'Walk-in Guest', phone, email, password: 'guest-password' });
      expect(response.statusCode).toBe(200);
      const result = response.json<AgentSessionResult>();
      expect(result).toMatchObject({ success: true, addresses: [], data: { name: 'Walk-in Guest', phone, email, role: 'customer', acting_agent_id: agentId } });
      expect(await auditOf(result.data.id)).toEqual([
        expect.objectContaining({ agent_id: agentId, action: 'register-guest-user', customer_id: result.data.id }),
      ]);
      // The guest can sign in themselves with the password the agent set.
      expect((await callAs(t.app, 'login', { phone, password: 'guest-password' })).statusCode).toBe(200);
    });

    it('without e-mail and password the guest gets an address that is never mailed', async () => {
      const phone = uniquePhone();
      const response = await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'Phone Only', phone, email: '', password: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json<AgentSessionResult>().data.email).toMatch(new RegExp(`^guest-\\d+-[0-9a-f]{6}@${GUEST_EMAIL_DOMAIN.replace(/\./g, '\\.')}$`));
    });

    it('refuses a taken phone or e-mail and bad fields with their codes', async () => {
      const customer = await registerCustomer(t.app);
      expectError(await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'G', phone: customer.phone }), 409, 'PHONE_TAKEN');
      expectError(await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'G', phone: uniquePhone(), email: customer.email }), 409, 'EMAIL_TAKEN');
      expectError(await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'G', phone: 'x' }), 400, 'INVALID_PHONE');
      expectError(await callAs(t.app, 'register-guest-user', { token: agentToken, name: 'G', phone: uniquePhone(), password: 'short' }), 400, 'PASSWORD_TOO_SHORT');
      expectError(await callAs(t.app, 'register-guest-user', { token: agentToken, phone: uniquePhone() }), 400, 'VALIDATION_FAILED');
    });
  });

  describe('search-customers', () => {
    const search = async (query: string, token = agentToken) => {
      const response = await callAs(t.app, 'search-customers', { token, query });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<CustomerMatches>().customers;
    };

    it('finds the customer on the line by the phone number read out in any format, by name and by e-mail', async () => {
      const demo = expect.objectContaining({ id: demoCustomerId, email: 'customer@foodpilot.test', phone: '+14125550104', address_count: 1 });
      for (const query of ['(412) 555-0104', '+1 412 555 0104', '555-0104', '4125550104']) expect(await search(query), query).toEqual([demo]);
      const customer = await registerCustomer(t.app, 'Zelda Quintero-Search');
      expect(await search('quintero')).toEqual([expect.objectContaining({ id: customer.id, name: 'Zelda Quintero-Search', address_count: 0 })]);
      expect(await search(customer.email.toUpperCase())).toEqual([expect.objectContaining({ id: customer.id })]);
    });

    it('never lists staff or deleted accounts, and treats % and _ as letters', async () => {
      expect(await search('foodpilot.test')).toEqual(expect.not.arrayContaining([expect.objectContaining({ email: 'admin@foodpilot.test' })]));
      expect((await search('555-0100')).map((match) => match.email)).not.toContain('admin@foodpilot.test');
      const gone = await registerCustomer(t.app, 'Gone Searchable');
      await callAs(t.app, 'delete-user', { token: gone.token, user_id: gone.id });
      expect(await search('Gone Searchable')).toEqual([]);
      expect(await search('%%')).toEqual([]);
      expect(await search('__')).toEqual([]);
    });

    it('is for agents only', async () => {
      for (const role of ['customer', 'driver', 'store_owner', 'admin'] as const) {
        expectError(await callAs(t.app, 'search-customers', { token: await loginAs(t.app, role), query: 'carla' }), 403, 'FORBIDDEN');
      }
      expectError(await callAs(t.app, 'search-customers', { query: 'carla' }), 401, 'UNAUTHORIZED');
    });
  });
});
