/**
 * Issue 15.11: a customer changes their name, e-mail and phone with
 * update-user-info; a new e-mail or phone is saved only with the code
 * send-otp sent to that new address or number, on each database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/api/account/entities.ts';
import { callAs, latestCode, outboxOf, registerCustomer, uniqueEmail, uniquePhone, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

describe.each(testDatabases())('changing the account details on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
  };
  const update = (customer: NewCustomer, body: Record<string, unknown>) => callAs(t.app, 'update-user-info', { token: customer.token, user_id: customer.id, ...body });

  it('saves a new name at once, trimmed; an empty one is refused', async () => {
    const customer = await registerCustomer(t.app, 'Dee Park');
    const response = await update(customer, { name: '  Dee   Parker ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserInfo>().data).toMatchObject({ name: 'Dee Parker', email: customer.email, phone: customer.phone });
    expectError(await update(customer, { name: '   ' }), 400, 'DETAILS_REQUIRED');
    expectError(await update(customer, { name: 'x'.repeat(101) }), 400, 'VALIDATION_FAILED');
  });

  it('changes the e-mail only with the code e-mailed to the new address', async () => {
    const customer = await registerCustomer(t.app);
    const newEmail = uniqueEmail('moved');
    // Without a code, or with a code of another address, nothing changes.
    expectError(await update(customer, { email: newEmail }), 400, 'CODE_REQUIRED');
    const sent = await callAs(t.app, 'send-otp', { email: newEmail });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, channel: 'email' });
    const [mail] = await outboxOf(t.app, { to: newEmail });
    expect(mail).toMatchObject({ channel: 'email', to: newEmail });
    const code = await latestCode(t.app, newEmail);
    const wrong = code === '000000' ? '111111' : '000000';
    expectError(await update(customer, { email: newEmail, otp: wrong }), 400, 'CODE_WRONG');
    // The code of the new address does not change it to a third one.
    const other = uniqueEmail('other');
    expectError(await update(customer, { email: other, otp: code }), 410, 'CODE_EXPIRED');

    const response = await update(customer, { email: newEmail.toUpperCase(), otp: code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserInfo>().data.email).toBe(newEmail);
    // Used up; the old address signs in no more, the new one does.
    expectError(await update(customer, { email: uniqueEmail(), otp: code }), 410, 'CODE_EXPIRED');
    expect((await callAs(t.app, 'login', { email: newEmail, password: customer.password })).statusCode).toBe(200);
    expect((await callAs(t.app, 'login', { email: customer.email, password: customer.password })).statusCode).toBe(401);
    // Its own e-mail sent again is no change and needs no code.
    expect((await update(customer, { email: newEmail, name: 'Still Me' })).statusCode).toBe(200);
  });

  it('changes the phone only with the code texted to the new number, and marks it confirmed', async () => {
    const customer = await registerCustomer(t.app);
    const newPhone = uniquePhone();
    expectError(await update(customer, { phone: newPhone }), 400, 'CODE_REQUIRED');
    expect((await callAs(t.app, 'send-otp', { phone: newPhone })).statusCode).toBe(200);
    const code = await latestCode(t.app, newPhone);
    const response = await update(customer, { phone: `${newPhone.slice(0, 5)} ${newPhone.slice(5)}`, otp: code });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UserInfo>().data).toMatchObject({ phone: newPhone, phone_verified: true });
  });

  it("refuses another account's e-mail or phone, even with a code, and both at once", async () => {
    const customer = await registerCustomer(t.app);
    const other = await registerCustomer(t.app);
    expectError(await callAs(t.app, 'send-otp', { email: other.email }), 409, 'EMAIL_TAKEN');
    expectError(await update(customer, { email: other.email, otp: '123456' }), 409, 'EMAIL_TAKEN');
    expectError(await update(customer, { phone: other.phone, otp: '123456' }), 409, 'PHONE_TAKEN');
    expectError(await update(customer, { email: uniqueEmail(), phone: uniquePhone(), otp: '123456' }), 400, 'VALIDATION_FAILED');
    expectError(await update(customer, { email: 'not an address', otp: '123456' }), 400, 'INVALID_EMAIL');
    expectError(await callAs(t.app, 'send-otp', {}), 400, 'VALIDATION_FAILED');
    // Another user's account cannot be changed with one's own token.
    expectError(await callAs(t.app, 'update-user-info', { token: customer.token, user_id: other.id, name: 'Mallory' }), 403, 'FORBIDDEN');
  });
});
