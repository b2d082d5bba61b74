/**
 * delivery/login on each database: a driver signs in with e-mail or phone
 * and gets a session that opens the driver area; any other account is
 * refused exactly as a wrong password is, right password or not (issue 13:
 * NOT_A_DRIVER for the right password told a guesser it was right), a
 * banned driver ACCOUNT_BANNED, and a malformed body is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/account/entities.ts';
import { callAs, registerCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { profileOf } from './driver-fixtures.ts';

describe.each(testDatabases())('delivery/login on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs a driver in by e-mail or phone; the token opens their profile', async () => {
    const byEmail = await callAs(t.app, 'delivery/login', { email: 'Driver@FoodPilot.test', password: 'driver-demo' });
    expect(byEmail.statusCode).toBe(200);
    const { data } = byEmail.json<LoginResult>();
    expect(data).toMatchObject({ name: 'Priya Natarajan', role: 'driver', email: 'driver@foodpilot.test' });
    expect(await profileOf(t.app, { token: data.auth_token })).toMatchObject({ id: data.id, name: 'Priya Natarajan' });

    const byPhone = await callAs(t.app, 'delivery/login', { phone: '+1 (412) 555-0105', password: 'driver-demo' });
    expect(byPhone.statusCode).toBe(200);
    expect(byPhone.json<LoginResult>().data).toMatchObject({ name: 'Tomás Reyes', role: 'driver' });
  });

  it('refuses every other role as a wrong password, whether the password is right or not', async () => {
    const others = [
      ['customer@foodpilot.test', 'customer-demo'],
      ['owner@foodpilot.test', 'owner-demo'],
      ['admin@foodpilot.test', 'admin-demo'],
      ['agent@foodpilot.test', 'agent-demo'],
    ];
    for (const [email, password] of others) {
      const right = await callAs(t.app, 'delivery/login', { email, password });
      const wrong = await callAs(t.app, 'delivery/login', { email, password: `${password}-not` });
      expect([right.statusCode, right.json()], email).toEqual([wrong.statusCode, wrong.json()]);
      expect(right.json(), email).toEqual({ code: 'WRONG_PASSWORD', message: 'The e-mail (or phone) or the password is not right.' });
    }
  });

  it('a wrong password and an unknown account get the same 401 WRONG_PASSWORD; a banned driver ACCOUNT_BANNED', async () => {
    const wrong = await callAs(t.app, 'delivery/login', { email: 'driver@foodpilot.test', password: 'driver-demo!' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'WRONG_PASSWORD']);
    const unknown = await callAs(t.app, 'delivery/login', { email: 'nobody@foodpilot.test', password: 'driver-demo' });
    expect([unknown.statusCode, unknown.json()]).toEqual([401, wrong.json()]);

    const banned = await registerCustomer(t.app, 'Bruno Banned-Driver');
    await t.db.updateTable('users').set({ role: 'driver', is_banned: 1 }).where('id', '=', banned.id).execute();
    const refused = await callAs(t.app, 'delivery/login', { email: banned.email, password: banned.password });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_BANNED']);
  });

  it('a malformed body is a 400 with the shared error shape', async () => {
    const bodies = [
      {},
      { email: 'driver@foodpilot.test' },
      { email: 'driver@foodpilot.test', password: '' },
      { email: 'driver@foodpilot.test', password: 42 },
      { email: 'driver@foodpilot.test', password: 'driver-demo', role: 'driver' },
      { password: 'driver-demo' },
    ];
    for (const body of bodies) {
      const response = await callAs(t.app, 'delivery/login', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json(), JSON.stringify(body)).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    }
  });
});
