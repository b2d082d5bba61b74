/**
 * Saved addresses on each database (/my-addresses): saving, updating,
 * the default rules (the first is the default, exactly one default, the
 * newest remaining one takes over from a deleted default), the field
 * rules with their codes, the limit, another user's addresses, and an
 * agent acting for a customer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_HOUSE_MAX_LENGTH,
  ADDRESS_TAG_MAX_LENGTH,
  ADDRESS_TEXT_MAX_LENGTH,
  MAX_SAVED_ADDRESSES,
} from '../../../src/api/account/address-calls.ts';
import type { Address, AgentSessionResult } from '../../../src/api/account/entities.ts';
import type { CallBody } from '../../../src/api/calls.ts';
import { callAs, registerCustomer, type NewCustomer } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

type SaveBody = Omit<CallBody<'save-address'>, 'token'>;

const HOME: SaveBody = { latitude: 40.4406, longitude: -79.9959, address: '5 River Road, Riverton', house: 'Flat 2', tag: 'Home' };
const WORK: SaveBody = { latitude: 40.45, longitude: -80.01, address: '90 Mill Street, Riverton', house: null, tag: 'Work' };
const GYM: SaveBody = { latitude: 40.43, longitude: -79.98, address: '3 Quay Lane, Riverton' };

describe.each(testDatabases())('saved addresses on $kind', ({ kind }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const save = async (customer: NewCustomer, body: SaveBody) => {
    const response = await callAs(t.app, 'save-address', { token: customer.token, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Address[]>();
  };
  const call = (name: 'get-addresses' | 'delete-address' | 'set-default-address' | 'save-address', body: object) => callAs(t.app, name, body);
  const expectError = (response: { statusCode: number; json: () => unknown }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    expect(response.json()).toEqual(expect.objectContaining({ code, message: expect.any(String) }));
  };
  const defaultsInDatabase = async (userId: number) =>
    (await t.db.selectFrom('addresses').select('id').where('user_id', '=', userId).where('is_default', '=', 1).execute()).map((row) => Number(row.id));

  it('a new customer has none; the first saved address becomes the default and later ones do not', async () => {
    const customer = await registerCustomer(t.app);
    expect((await call('get-addresses', { token: customer.token })).json()).toEqual([]);

    const [home] = await save(customer, HOME);
    expect(home).toEqual({ id: expect.any(Number), latitude: HOME.latitude, longitude: HOME.longitude, address: HOME.address, house: 'Flat 2', tag: 'Home', is_default: true });
    const list = await save(customer, WORK);
    expect(list.map((address) => [address.address, address.is_default])).toEqual([
      [HOME.address, true],
      [WORK.address, false],
    ]);
    // get-addresses answers the same list the change answered.
    expect((await call('get-addresses', { token: customer.token, user_id: customer.id })).json()).toEqual(list);
  });

  it('saving with an id updates that address in place; blank house and tag are stored as none', async () => {
    const customer = await registerCustomer(t.app);
    const [home] = await save(customer, HOME);
    const updated = await save(customer, { id: home?.id, latitude: 40.5, longitude: -79.9, address: '  7 New Street  ', house: '   ', tag: '' });
    expect(updated).toEqual([{ id: home?.id, latitude: 40.5, longitude: -79.9, address: '7 New Street', house: null, tag: null, is_default: true }]);
  });

  it('set-default-address leaves exactly one default, in the list and in the database', async () => {
    const customer = await registerCustomer(t.app);
    await save(customer, HOME);
    await save(customer, WORK);
    const list = await save(customer, GYM);
    const gym = list.find((address) => address.address === GYM.address);
    const response = await call('set-default-address', { token: customer.token, id: gym?.id });
    expect(response.statusCode).toBe(200);
    const after = response.json<Address[]>();
    expect(after[0]).toMatchObject({ address: GYM.address, is_default: true });
    expect(after.filter((address) => address.is_default)).toHaveLength(1);
    expect(await defaultsInDatabase(customer.id)).toEqual([gym?.id]);
    // Setting it again changes nothing.
    expect((await call('set-default-address', { token: customer.token, id: gym?.id })).json()).toEqual(after);
  });

  it('deleting the default makes the newest remaining address the default; deleting another keeps it', async () => {
    const customer = await registerCustomer(t.app);
    const [home] = await save(customer, HOME);
    await save(customer, WORK);
    const list = await save(customer, GYM);
    const work = list.find((address) => address.address === WORK.address);

    const afterDefault = await call('delete-address', { token: customer.token, id: home?.id });
    expect(afterDefault.statusCode).toBe(200);
    expect(afterDefault.json<Address[]>().map((address) => [address.address, address.is_default])).toEqual([
      [GYM.address, true],
      [WORK.address, false],
    ]);

    const afterOther = await call('delete-address', { token: customer.token, id: work?.id });
    expect(afterOther.json<Address[]>().map((address) => [address.address, address.is_default])).toEqual([[GYM.address, true]]);
    const gym = afterOther.json<Address[]>()[0];
    expect((await call('delete-address', { token: customer.token, id: gym?.id })).json()).toEqual([]);
    // Gone for good: deleting it again is a 404.
    expectError(await call('delete-address', { token: customer.token, id: gym?.id }), 404, 'NOT_FOUND');
  });

  it('each broken field rule has its own code and saves nothing; the limits themselves are allowed', async () => {
    const customer = await registerCustomer(t.app);
    const refuse = async (body: SaveBody, code: string) => expectError(await call('save-address', { token: customer.token, ...body }), 400, code);
    await refuse({ ...HOME, latitude: 90.5 }, 'INVALID_COORDINATES');
    await refuse({ ...HOME, longitude: -180.01 }, 'INVALID_COORDINATES');
    await refuse({ ...HOME, address: '   ' }, 'ADDRESS_EMPTY');
    await refuse({ ...HOME, address: 'a'.repeat(ADDRESS_TEXT_MAX_LENGTH + 1) }, 'ADDRESS_TOO_LONG');
    await refuse({ ...HOME, house: 'h'.repeat(ADDRESS_HOUSE_MAX_LENGTH + 1) }, 'HOUSE_TOO_LONG');
    await refuse({ ...HOME, tag: 't'.repeat(ADDRESS_TAG_MAX_LENGTH + 1) }, 'TAG_TOO_LONG');
    expect((await call('get-addresses', { token: customer.token })).json()).toEqual([]);

    // Characters, not bytes: an Arabic address at the limit is fine.
    const [saved] = await save(customer, {
      latitude: -90,
      longitude: 180,
      address: 'ش'.repeat(ADDRESS_TEXT_MAX_LENGTH),
      house: 'h'.repeat(ADDRESS_HOUSE_MAX_LENGTH),
      tag: 'منزل'.repeat(ADDRESS_TAG_MAX_LENGTH / 4),
    });
    expect(saved).toMatchObject({ latitude: -90, longitude: 180, is_default: true });
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses: one more is TOO_MANY_ADDRESSES until one is deleted`, async () => {
    const customer = await registerCustomer(t.app);
    let list: Address[] = [];
    for (let index = 0; index < MAX_SAVED_ADDRESSES; index += 1) list = await save(customer, { ...GYM, address: `${index + 1} Quay Lane` });
    expect(list).toHaveLength(MAX_SAVED_ADDRESSES);
    expectError(await call('save-address', { token: customer.token, ...HOME }), 409, 'TOO_MANY_ADDRESSES');
    // Updating one of them is still fine.
    await save(customer, { ...HOME, id: list[3]?.id });
    await call('delete-address', { token: customer.token, id: list[5]?.id });
    expect(await save(customer, WORK)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("another user's address is a 404 and stays as it was; another user_id is a 403; no token is a 401", async () => {
    const owner = await registerCustomer(t.app);
    const intruder = await registerCustomer(t.app);
    const [ownersHome] = await save(owner, HOME);
    await save(intruder, WORK);
    const id = ownersHome?.id;

    expectError(await call('save-address', { token: intruder.token, ...GYM, id }), 404, 'NOT_FOUND');
    expectError(await call('delete-address', { token: intruder.token, id }), 404, 'NOT_FOUND');
    expectError(await call('set-default-address', { token: intruder.token, id }), 404, 'NOT_FOUND');
    expectError(await call('get-addresses', { token: intruder.token, user_id: owner.id }), 403, 'FORBIDDEN');
    expectError(await call('save-address', { token: intruder.token, user_id: owner.id, ...GYM }), 403, 'FORBIDDEN');
    expectError(await call('get-addresses', {}), 401, 'UNAUTHORIZED');

    expect((await call('get-addresses', { token: owner.token })).json()).toEqual([ownersHome]);
    expect((await call('get-addresses', { token: intruder.token })).json<Address[]>().map((address) => address.address)).toEqual([WORK.address]);
  });

  it('concurrent saves for a new customer still leave exactly one default', async () => {
    const customer = await registerCustomer(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => call('save-address', { token: customer.token, ...GYM, address: `${index} Quay Lane` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(await defaultsInDatabase(customer.id)).toHaveLength(1);
  });

  it("an agent acting for a customer saves their addresses under the agent's name in the audit, and login-as-customer answers them", async () => {
    const customer = await registerCustomer(t.app);
    const agentToken = await loginAs(t.app, 'agent');
    const session = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    const actingToken = session.data.auth_token;

    const saved = (await call('save-address', { token: actingToken, ...HOME })).json<Address[]>();
    await call('set-default-address', { token: actingToken, id: saved[0]?.id });
    const audit = await t.db.selectFrom('agent_actions').selectAll().where('customer_id', '=', customer.id).orderBy('id').execute();
    expect(audit.map((row) => [row.agent_id, row.action])).toEqual([
      [session.data.acting_agent_id, 'login-as-customer'],
      [session.data.acting_agent_id, 'save-address'],
      [session.data.acting_agent_id, 'set-default-address'],
    ]);
    expect(JSON.parse(audit[1]?.details ?? '{}')).toEqual({ address_id: saved[0]?.id, created: true });

    const again = (await callAs(t.app, 'login-as-customer', { token: agentToken, user_id: customer.id })).json<AgentSessionResult>();
    expect(again.addresses).toEqual(saved);
    // The customer's own session records nothing.
    await call('save-address', { token: customer.token, ...WORK });
    expect(await t.db.selectFrom('agent_actions').select('id').where('customer_id', '=', customer.id).execute()).toHaveLength(4);
  });
});
