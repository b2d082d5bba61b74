/** Helpers over the seeded demo city of Riverton, for the finding-food worker tests. */
import type { UserAddress } from '../../../src/api/entities.ts';
import { API_PREFIX } from '../../../src/api/paths.ts';
import type { TestServer } from '../../support/test-server.ts';
import { postRaw } from '../../support/api-client.ts';
import type { Harness } from './harness.ts';

/** The primary popular location. */
export const MARKET_SQUARE: UserAddress = {
  lat: 40.4406,
  lng: -79.9959,
  address: 'Market Square, Riverton',
  house: null,
  tag: null,
  businessLocation: true,
};

/** Far from every store's radius and from the self-pickup distance. */
export const NOWHERE: UserAddress = { ...MARKET_SQUARE, lat: 41.5, lng: -78.5, address: 'Nowhere' };

export const CUSTOMER = { email: 'customer@foodpilot.test', password: 'customer-demo' } as const;

export async function browseFrom(harness: Harness, address: UserAddress = MARKET_SQUARE): Promise<void> {
  await harness.service.api.setAddress(address);
}

export interface SeededStore {
  id: number;
  slug: string;
  name: string;
  delivery_type: 1 | 2 | 3;
}

export async function seededStore(server: TestServer, slug: string): Promise<SeededStore> {
  const row = await server.db
    .selectFrom('restaurants')
    .select(['id', 'slug', 'name', 'delivery_type'])
    .where('slug', '=', slug)
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

export async function firstStoreOfDeliveryType(server: TestServer, type: 1 | 2 | 3): Promise<SeededStore> {
  const row = await server.db
    .selectFrom('restaurants')
    .select(['id', 'slug', 'name', 'delivery_type'])
    .where('delivery_type', '=', type)
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { ...row, id: Number(row.id) };
}

/** Asks the server directly (not through the worker), to compare with what the replica holds. */
export async function serverAnswer<T>(server: TestServer, path: string, body: unknown = {}): Promise<T> {
  const answer = await postRaw(server.url, `${API_PREFIX}/${path}`, JSON.stringify(body));
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
  return answer.body as T;
}
