/**
 * People in the console on each database: the list by role with search and
 * pages, creating staff who can then sign in, changing details and
 * passwords, the stores of drivers and store owners, bans, and wallet
 * adjustments in the ledger, each change audited without a password in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser, AdminUserDetail, AdminUsersPage, WalletAdjusted } from '../../../src/api/admin/entities.ts';
import type { LoginResult, Wallet } from '../../../src/api/account/entities.ts';
import { callAs, registerCustomer, uniqueEmail, uniquePhone } from '../../support/accounts.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { createTestStore } from '../checkout/checkout-fixtures.ts';
import { auditRowsOf, callAsPerson, ok, SETUP_TIMEOUT_MS, signInEveryRole, type Staff } from './admin-support.ts';

const PASSWORD = 'driver-password-1';

describe.each(testDatabases())('console people on $kind', ({ kind }) => {
  let t: TestApp;
  let staff: Staff;
  const call = (name: Parameters<typeof callAsPerson>[1], body: Record<string, unknown> = {}) => callAsPerson(t.app, name, staff.admin, body);
  const newStore = async (name: string, ownerId: number | null = null) => (await createTestStore(t.db, { name, owner_user_id: ownerId })).id;
  const newDriver = async (extra: Record<string, unknown> = {}) =>
    ok<AdminUser>(call('admin/create-user', { role: 'driver', name: 'Dana Driver', email: uniqueEmail('driver'), password: PASSWORD, ...extra }));
  beforeAll(async () => {
    t = await buildTestApp(kind);
    staff = await signInEveryRole(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('creates a driver linked to stores, who then signs in at the driver area; the audit has no password', async () => {
    const storeA = await newStore('Driver Store A');
    const storeB = await newStore('Driver Store B');
    const email = uniqueEmail('Dana');
    const phone = uniquePhone();
    const driver = await ok<AdminUser>(
      call('admin/create-user', { role: 'driver', name: ' Dana   Driver ', email, phone, password: PASSWORD, store_ids: [storeB, storeA] }),
    );
    expect(driver).toMatchObject({ name: 'Dana Driver', email: email.toLowerCase(), phone, role: 'driver', is_banned: false, wallet_balance: 0 });
    expect(driver.stores.map((store) => store.name)).toEqual(['Driver Store A', 'Driver Store B']);
    const login = await callAs(t.app, 'delivery/login', { email, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json<LoginResult>().data).toMatchObject({ id: driver.id, role: 'driver' });
    const audit = (await auditRowsOf(t.db, 'admin/create-user')).at(-1);
    expect(audit).toMatchObject({ user_id: staff.admin.id, entity: 'users', entity_id: String(driver.id), details: { role: 'driver', email: email.toLowerCase() } });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it('creates store owners and agents; refuses taken, malformed and short details with their codes', async () => {
    const store = await newStore('Owned From Birth');
    const owner = await ok<AdminUser>(
      call('admin/create-user', { role: 'store_owner', name: 'Olga Owner', email: uniqueEmail('owner'), password: PASSWORD, store_ids: [store] }),
    );
    expect(owner.stores.map((s) => s.id)).toEqual([store]);
    const agent = await ok<AdminUser>(call('admin/create-user', { role: 'agent', name: 'Alex Agent', email: uniqueEmail('agent'), password: PASSWORD }));
    expect(agent).toMatchObject({ role: 'agent', stores: [] });

    const taken = await call('admin/create-user', { role: 'agent', name: 'Copy', email: 'ADMIN@foodpilot.test', password: PASSWORD });
    expect([taken.statusCode, taken.json().code]).toEqual([409, 'EMAIL_TAKEN']);
    const phoneTaken = await call('admin/create-user', { role: 'agent', name: 'Copy', email: uniqueEmail(), phone: '+1 (412) 555-0100', password: PASSWORD });
    expect([phoneTaken.statusCode, phoneTaken.json().code]).toEqual([409, 'PHONE_TAKEN']);
    expect((await call('admin/create-user', { role: 'agent', name: 'X', email: 'not-an-email', password: PASSWORD })).json().code).toBe('INVALID_EMAIL');
    expect((await call('admin/create-user', { role: 'agent', name: 'X', email: uniqueEmail(), phone: '12', password: PASSWORD })).json().code).toBe('INVALID_PHONE');
    expect((await call('admin/create-user', { role: 'agent', name: 'X', email: uniqueEmail(), password: 'short' })).json().code).toBe('PASSWORD_TOO_SHORT');
    const admin = await call('admin/create-user', { role: 'admin', name: 'X', email: uniqueEmail(), password: PASSWORD });
    expect([admin.statusCode, admin.json().code]).toEqual([400, 'VALIDATION_FAILED']);
    const agentWithStores = await call('admin/create-user', { role: 'agent', name: 'X', email: uniqueEmail(), password: PASSWORD, store_ids: [store] });
    expect([agentWithStores.statusCode, agentWithStores.json().code]).toEqual([409, 'WRONG_USER_ROLE']);
    const noStore = await call('admin/create-user', { role: 'driver', name: 'X', email: uniqueEmail(), password: PASSWORD, store_ids: [99_999] });
    expect([noStore.statusCode, noStore.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('lists users by role, finds them by name, e-mail or phone, and pages newest first', async () => {
    const made = [];
    for (const name of ['Quincy Alpha', 'Quincy Beta', 'Quincy Gamma']) made.push(await newDriver({ name, phone: uniquePhone() }));
    const page = await ok<AdminUsersPage>(call('admin/get-users', { role: 'driver', q: 'quincy', limit: 2 }));
    expect(page.users.map((user) => user.name)).toEqual(['Quincy Gamma', 'Quincy Beta']);
    expect(page.next_before).toBe(made[1]?.id);
    const rest = await ok<AdminUsersPage>(call('admin/get-users', { role: 'driver', q: 'quincy', limit: 2, before: page.next_before }));
    expect(rest).toEqual({ users: [expect.objectContaining({ name: 'Quincy Alpha' })], next_before: null });
    const byPhone = await ok<AdminUsersPage>(call('admin/get-users', { q: made[0]?.phone?.slice(2) }));
    expect(byPhone.users.map((user) => user.id)).toEqual([made[0]?.id]);
    const byEmail = await ok<AdminUsersPage>(call('admin/get-users', { q: 'OWNER@FOODPILOT' }));
    expect(byEmail.users).toEqual([expect.objectContaining({ role: 'store_owner', name: 'Lucia Romano' })]);
    expect(byEmail.users[0]?.stores.length).toBeGreaterThan(0);
    const wildcard = await ok<AdminUsersPage>(call('admin/get-users', { q: '%' }));
    expect(wildcard.users).toEqual([]);
  });

  it('shows one user with their wallet; an unknown one is 404 UNKNOWN_USER', async () => {
    const detail = await ok<AdminUserDetail>(call('admin/get-user', { user_id: staff.customer.id }));
    expect(detail.user).toMatchObject({ id: staff.customer.id, role: 'customer', stores: [] });
    expect(detail.wallet_transactions.length).toBeGreaterThan(0);
    const unknown = await call('admin/get-user', { user_id: 99_999 });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'UNKNOWN_USER']);
  });

  it("changes a user's details; a new password ends their sessions and works at once", async () => {
    const person = await registerCustomer(t.app, 'Paula Person');
    const phone = uniquePhone();
    const updated = await ok<AdminUser>(call('admin/update-user', { user_id: person.id, name: 'Paula P.', phone, password: 'a-brand-new-password' }));
    expect(updated).toMatchObject({ name: 'Paula P.', phone, email: person.email });
    const oldSession = await callAs(t.app, 'check-ban', { token: person.token });
    expect(oldSession.statusCode).toBe(401);
    expect((await callAs(t.app, 'login', { email: person.email, password: 'a-brand-new-password' })).statusCode).toBe(200);
    const audit = (await auditRowsOf(t.db, 'admin/update-user')).at(-1);
    expect(audit?.details).toEqual({ name: { from: 'Paula Person', to: 'Paula P.' }, phone: { from: person.phone, to: phone }, password: 'set' });
    const cleared = await ok<AdminUser>(call('admin/update-user', { user_id: person.id, phone: '' }));
    expect(cleared.phone).toBeNull();
    expect((await call('admin/update-user', { user_id: person.id, email: 'customer@foodpilot.test' })).json().code).toBe('EMAIL_TAKEN');
  });

  it("replaces a driver's stores", async () => {
    const [a, b, c] = [await newStore('Link A'), await newStore('Link B'), await newStore('Link C')];
    const driver = await newDriver({ store_ids: [a, b] });
    const after = await ok<AdminUser>(call('admin/set-user-stores', { user_id: driver.id, store_ids: [b, c] }));
    expect(after.stores.map((store) => store.id).sort()).toEqual([b, c].sort());
    expect((await auditRowsOf(t.db, 'admin/set-user-stores')).at(-1)).toMatchObject({
      entity_id: String(driver.id),
      details: { role: 'driver', added: [c], removed: [a] },
    });
    const links = await t.db.selectFrom('driver_stores').select('restaurant_id').where('driver_user_id', '=', driver.id).execute();
    expect(links.map((link) => Number(link.restaurant_id)).sort()).toEqual([b, c].sort());
  });

  it("gives a store owner a store taken from another owner, and leaves one they no longer own without an owner", async () => {
    const first = await ok<AdminUser>(call('admin/create-user', { role: 'store_owner', name: 'First Owner', email: uniqueEmail(), password: PASSWORD }));
    const second = await ok<AdminUser>(call('admin/create-user', { role: 'store_owner', name: 'Second Owner', email: uniqueEmail(), password: PASSWORD }));
    const kept = await newStore('Kept Store', first.id);
    const moved = await newStore('Moved Store', first.id);
    await ok(call('admin/set-user-stores', { user_id: second.id, store_ids: [moved] }));
    const firstNow = await ok<AdminUserDetail>(call('admin/get-user', { user_id: first.id }));
    expect(firstNow.user.stores.map((store) => store.id)).toEqual([kept]);
    expect((await auditRowsOf(t.db, 'admin/set-user-stores')).at(-1)?.details).toEqual({
      role: 'store_owner',
      added: [moved],
      removed: [],
      taken_from: { [String(moved)]: first.id },
    });
    await ok(call('admin/set-user-stores', { user_id: first.id, store_ids: [] }));
    const row = await t.db.selectFrom('restaurants').select('owner_user_id').where('id', '=', kept).executeTakeFirstOrThrow();
    expect(row.owner_user_id).toBeNull();
    const customer = await call('admin/set-user-stores', { user_id: staff.customer.id, store_ids: [kept] });
    expect([customer.statusCode, customer.json().code]).toEqual([409, 'WRONG_USER_ROLE']);
  });

  it('bans and unbans a user: their calls answer ACCOUNT_BANNED meanwhile; an admin cannot ban themselves', async () => {
    const person = await registerCustomer(t.app, 'Bertie Banned');
    expect(await ok<AdminUser>(call('admin/set-user-ban', { user_id: person.id, is_banned: true }))).toMatchObject({ is_banned: true });
    const refused = await callAs(t.app, 'get-wallet-transactions', { token: person.token, user_id: person.id });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'ACCOUNT_BANNED']);
    expect((await callAs(t.app, 'check-ban', { token: person.token })).json()).toEqual({ is_banned: true });
    const banned = await ok<AdminUsersPage>(call('admin/get-users', { banned: true }));
    expect(banned.users.map((user) => user.id)).toContain(person.id);
    await ok(call('admin/set-user-ban', { user_id: person.id, is_banned: false }));
    expect((await callAs(t.app, 'get-wallet-transactions', { token: person.token, user_id: person.id })).statusCode).toBe(200);
    expect((await auditRowsOf(t.db, 'admin/set-user-ban')).slice(-2).map((row) => row.details.is_banned)).toEqual([true, false]);
    const self = await call('admin/set-user-ban', { user_id: staff.admin.id, is_banned: true });
    expect([self.statusCode, self.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('adjusts a wallet either way with a reason the user reads; never below zero', async () => {
    const person = await registerCustomer(t.app, 'Wally Wallet');
    const credit = await ok<WalletAdjusted>(call('admin/adjust-wallet', { user_id: person.id, amount: 1500, reason: 'Sorry for the cold soup' }));
    expect(credit.transaction).toMatchObject({ amount: 1500, type: 'adjustment', reason: 'Sorry for the cold soup' });
    const balance = credit.user.wallet_balance;
    const debit = await ok<WalletAdjusted>(call('admin/adjust-wallet', { user_id: person.id, amount: -500, reason: 'Duplicate credit' }));
    expect(debit.user.wallet_balance).toBe(balance - 500);
    const tooMuch = await call('admin/adjust-wallet', { user_id: person.id, amount: -(balance - 500 + 1), reason: 'Too much' });
    expect([tooMuch.statusCode, tooMuch.json().code]).toEqual([409, 'INSUFFICIENT_BALANCE']);
    const wallet = await ok<Wallet>(callAs(t.app, 'get-wallet-transactions', { token: person.token, user_id: person.id }));
    expect(wallet.balance).toBe(balance - 500);
    expect(wallet.transactions.slice(0, 2).map((entry) => [entry.amount, entry.reason])).toEqual([
      [-500, 'Duplicate credit'],
      [1500, 'Sorry for the cold soup'],
    ]);
    const ledger = await t.db.selectFrom('wallet_transactions').select('created_by').where('user_id', '=', person.id).where('type', '=', 'adjustment').execute();
    expect(ledger.map((row) => Number(row.created_by))).toEqual([staff.admin.id, staff.admin.id]);
    expect((await auditRowsOf(t.db, 'admin/adjust-wallet')).slice(-2)).toMatchObject([
      { entity: 'wallet', entity_id: String(person.id), details: { amount: 1500, reason: 'Sorry for the cold soup' } },
      { details: { amount: -500, balance_after: balance - 500 } },
    ]);
    const zero = await call('admin/adjust-wallet', { user_id: person.id, amount: 0, reason: '   ' });
    expect(zero.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/amount' }, { path: '/reason' }] });
    expect((await call('admin/adjust-wallet', { user_id: 99_999, amount: 1, reason: 'x' })).json().code).toBe('UNKNOWN_USER');
  });
});
