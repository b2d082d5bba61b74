/**
 * What the console's catalogue tests build on: a cast of every role (the
 * demo administrator, the demo store owner with a store of the checkout
 * tests, a second owner with a store of their own, a customer and the demo
 * driver), catalogue calls as a person, and the audit rows a call left.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Kysely } from 'kysely';
import type { CallName } from '../../../src/api/calls.ts';
import type { Order } from '../../../src/api/orders/entities.ts';
import type { Database, UserRole } from '../../../server/db/tables.ts';
import { callAs, registerCustomer } from '../../support/accounts.ts';
import { loginAs } from '../../support/inject-call.ts';
import { addressKmNorth, callWithKey, createTestStore, line, type TestStore } from '../checkout/checkout-fixtures.ts';

export interface Person {
  id: number;
  token: string;
}

export interface CatalogCast {
  admin: Person;
  owner: Person;
  otherOwner: Person;
  customer: Person;
  driver: Person;
  /** The owner's store and the other owner's (each with a burger, a pizza with add-ons and a sold-out pie). */
  store: TestStore;
  otherStore: TestStore;
}

async function demoPerson(app: FastifyInstance, role: UserRole): Promise<Person> {
  const token = await loginAs(app, role);
  const user = await app.db.selectFrom('users').select('id').where('role', '=', role).orderBy('id').executeTakeFirstOrThrow();
  return { id: Number(user.id), token };
}

async function newPerson(app: FastifyInstance, db: Kysely<Database>, role: UserRole, name: string): Promise<Person> {
  const person = await registerCustomer(app, name);
  if (role !== 'customer') await db.updateTable('users').set({ role }).where('id', '=', person.id).execute();
  return { id: person.id, token: person.token };
}

export async function createCatalogCast(app: FastifyInstance, db: Kysely<Database>): Promise<CatalogCast> {
  const owner = await demoPerson(app, 'store_owner');
  const otherOwner = await newPerson(app, db, 'store_owner', 'Otto Other-Owner');
  return {
    admin: await demoPerson(app, 'admin'),
    owner,
    otherOwner,
    customer: await newPerson(app, db, 'customer', 'Carla Customer'),
    driver: await demoPerson(app, 'driver'),
    store: await createTestStore(db, { owner_user_id: owner.id, name: 'Console Kitchen' }),
    otherStore: await createTestStore(db, { owner_user_id: otherOwner.id, name: 'Other Kitchen' }),
  };
}

/** A catalogue call by whoever holds the token. */
export function callBy(app: FastifyInstance, name: CallName, who: { token: string }, body: Record<string, unknown> = {}): Promise<LightMyRequestResponse> {
  return callAs(app, name, { token: who.token, ...body });
}

/** Calls and expects a 200; answers the body. */
export async function okBy<T>(app: FastifyInstance, name: CallName, who: { token: string }, body: Record<string, unknown> = {}): Promise<T> {
  const response = await callBy(app, name, who, body);
  if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body}`);
  return response.json<T>();
}

/** The status and code of a refused call. */
export async function refusal(response: Promise<LightMyRequestResponse>): Promise<{ status: number; code: string }> {
  const answer = await response;
  return { status: answer.statusCode, code: answer.json<{ code: string }>().code };
}

/** The audit rows of one call, oldest first, with their details parsed. */
export async function auditRowsOf(db: Kysely<Database>, action: CallName) {
  const rows = await db.selectFrom('admin_audit').selectAll().where('action', '=', action).orderBy('id').execute();
  return rows.map((row) => ({
    user_id: Number(row.user_id),
    role: row.role,
    entity: row.entity,
    entity_id: row.entity_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    created_at: row.created_at,
  }));
}

/** Places a cash order for two burgers at the store, delivered 1 km away. */
export async function placeOrderAt(app: FastifyInstance, customer: Person, store: TestStore): Promise<Order> {
  const response = await callWithKey(app, 'place-order', {
    token: customer.token,
    restaurant_id: store.id,
    items: [line(store.menu.burger, 2)],
    order_type: 'DELIVERY',
    address: addressKmNorth(1),
    payment_mode: 'COD',
  });
  if (response.statusCode !== 200) throw new Error(`place-order answered ${response.statusCode}: ${response.body}`);
  return response.json<Order>();
}
