/**
 * Login (a random token stored hashed, rate limited) and the favourites it
 * unlocks: the token travels as the spec's `token` field or as
 * Authorization: Bearer; a wrong or missing one is a 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResult } from '../../../src/api/account/entities.ts';
import type { Store, StoreWithFavourite } from '../../../src/api/entities.ts';
import { LOGIN_RATE_LIMIT } from '../../../server/routes/api/index.ts';
import { hashToken } from '../../../server/account/tokens.ts';
import { testDatabases } from '../../support/databases.ts';
import { injectCall, loginAs } from '../../support/inject-call.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';

const MARKET_SQUARE = { latitude: 40.4406, longitude: -79.9959 };

describe.each(testDatabases())('login and favourites on $kind', ({ kind }) => {
  let t: TestApp;
  let idOf: (slug: string) => number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const rows = await t.db.selectFrom('restaurants').select(['id', 'slug']).execute();
    idOf = (slug) => Number(rows.find((row) => row.slug === slug)?.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('login', () => {
    it('answers the user and a random token that is stored only as its hash', async () => {
      const response = await injectCall(t.app, 'login', { email: 'customer@foodpilot.test', password: 'customer-demo' });
      expect(response.statusCode).toBe(200);
      const { success, data } = response.json<LoginResult>();
      expect(success).toBe(true);
      expect(data).toMatchObject({ name: 'Sam Carter', email: 'customer@foodpilot.test', role: 'customer' });
      expect(data.auth_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const stored = await t.db.selectFrom('auth_tokens').selectAll().where('user_id', '=', data.id).execute();
      expect(stored.map((row) => row.token_hash)).toContain(hashToken(data.auth_token));
      expect(stored.some((row) => row.token_hash === data.auth_token)).toBe(false);
      const again = (await injectCall(t.app, 'login', { email: 'Customer@FoodPilot.test ', password: 'customer-demo' })).json<LoginResult>();
      expect(again.data.auth_token).not.toBe(data.auth_token);
    });

    it('a wrong password and an unknown e-mail get one answer, 401 WRONG_PASSWORD (issue 13: no account enumeration)', async () => {
      const wrong = await injectCall(t.app, 'login', { email: 'driver@foodpilot.test', password: 'not-it' });
      const unknown = await injectCall(t.app, 'login', { email: 'nobody@foodpilot.test', password: 'driver-demo' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD' });
      expect([unknown.statusCode, unknown.json()]).toEqual([wrong.statusCode, wrong.json()]);
    });

    it('a reviewer account without a password cannot sign in', async () => {
      const response = await injectCall(t.app, 'login', { email: 'mei.lin@reviewers.foodpilot.test', password: '!' });
      expect(response.statusCode).toBe(401);
    });

    it('missing or wrong-typed fields are a 400', async () => {
      expect((await injectCall(t.app, 'login', { email: 'customer@foodpilot.test' })).statusCode).toBe(400);
      expect((await injectCall(t.app, 'login', { email: 42, password: 'x' })).statusCode).toBe(400);
    });

    it(`is rate limited: attempt ${LOGIN_RATE_LIMIT.max + 1} within the window is a 429`, async () => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= LOGIN_RATE_LIMIT.max; attempt += 1) {
        statuses.push((await injectCall(t.app, 'login', { email: 'agent@foodpilot.test', password: `guess-${attempt}` })).statusCode);
      }
      expect(statuses).toEqual([...Array<number>(LOGIN_RATE_LIMIT.max).fill(401), 429]);
      const limited = await injectCall(t.app, 'login', { email: 'agent@foodpilot.test', password: 'agent-demo' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(limited.headers['retry-after']).toBeDefined();
    });
  });

  describe('favourites', () => {
    it('toggle on, listed with distance, toggle off', async () => {
      const token = await loginAs(t.app, 'customer');
      const nonna = idOf('nonna-lucia-trattoria');
      const on = await injectCall(t.app, 'toggle-favorite', { token, id: nonna });
      expect(on.statusCode).toBe(200);
      expect(on.json()).toEqual({ id: nonna, is_favourite: true });
      await injectCall(t.app, 'toggle-favorite', { token, id: idOf('saffron-house') });
      const listed = (await injectCall(t.app, 'get-favorite-stores', { token, ...MARKET_SQUARE })).json<Store[]>();
      expect(listed.map((s) => s.slug)).toEqual(['nonna-lucia-trattoria', 'saffron-house']);
      expect(listed.every((s) => typeof s.distance === 'number')).toBe(true);
      const withFavourite = await injectCall(t.app, 'get-restaurant-info-with-favourite', { token }, { params: { slug: 'nonna-lucia-trattoria' } });
      expect(withFavourite.json<StoreWithFavourite>()).toMatchObject({ slug: 'nonna-lucia-trattoria', is_favourite: true });
      const off = await injectCall(t.app, 'toggle-favorite', { token, id: nonna });
      expect(off.json()).toEqual({ id: nonna, is_favourite: false });
      const after = (await injectCall(t.app, 'get-favorite-stores', { token, ...MARKET_SQUARE })).json<Store[]>();
      expect(after.map((s) => s.slug)).toEqual(['saffron-house']);
      const notFavourite = await injectCall(t.app, 'get-restaurant-info-with-favourite', { token }, { params: { slug: 'nonna-lucia-trattoria' } });
      expect(notFavourite.json<StoreWithFavourite>().is_favourite).toBe(false);
    });

    it('Authorization: Bearer works instead of the token field', async () => {
      const token = await loginAs(t.app, 'driver');
      const headers = { authorization: `Bearer ${token}` };
      const on = await injectCall(t.app, 'toggle-favorite', { id: idOf('beirut-grill') }, { headers });
      expect(on.json()).toMatchObject({ is_favourite: true });
      const listed = await injectCall(t.app, 'get-favorite-stores', MARKET_SQUARE, { headers });
      expect(listed.json<Store[]>().map((s) => s.slug)).toEqual(['beirut-grill']);
    });

    it("another user's favourites are not visible", async () => {
      const customer = await loginAs(t.app, 'customer');
      const owner = await loginAs(t.app, 'store_owner');
      await injectCall(t.app, 'toggle-favorite', { token: owner, id: idOf('morning-rise-bakery') });
      const ownerList = (await injectCall(t.app, 'get-favorite-stores', { token: owner, ...MARKET_SQUARE })).json<Store[]>();
      expect(ownerList.map((s) => s.slug)).toEqual(['morning-rise-bakery']);
      const customerList = (await injectCall(t.app, 'get-favorite-stores', { token: customer, ...MARKET_SQUARE })).json<Store[]>();
      expect(customerList.map((s) => s.slug)).not.toContain('morning-rise-bakery');
      const seenByCustomer = await injectCall(t.app, 'get-restaurant-info-with-favourite', { token: customer }, { params: { slug: 'morning-rise-bakery' } });
      expect(seenByCustomer.json<StoreWithFavourite>().is_favourite).toBe(false);
    });

    it('a wrong, expired or missing token is a 401 UNAUTHORIZED', async () => {
      const cases = [
        injectCall(t.app, 'toggle-favorite', { token: 'not-a-token', id: 1 }),
        injectCall(t.app, 'toggle-favorite', { id: 1 }),
        injectCall(t.app, 'get-favorite-stores', { token: 'not-a-token', ...MARKET_SQUARE }),
        injectCall(t.app, 'get-favorite-stores', MARKET_SQUARE, { headers: { authorization: 'Bearer nope' } }),
        injectCall(t.app, 'get-restaurant-info-with-favourite', {}, { params: { slug: 'nonna-lucia-trattoria' } }),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
      }
      const token = await loginAs(t.app, 'admin');
      await t.db.updateTable('auth_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('token_hash', '=', hashToken(token)).execute();
      expect((await injectCall(t.app, 'toggle-favorite', { token, id: 1 })).statusCode).toBe(401);
    });

    it('toggling an unknown store is a 404; a bad id a 400', async () => {
      const token = await loginAs(t.app, 'customer');
      expect((await injectCall(t.app, 'toggle-favorite', { token, id: 9999 })).statusCode).toBe(404);
      expect((await injectCall(t.app, 'toggle-favorite', { token, id: 0 })).statusCode).toBe(400);
      expect((await injectCall(t.app, 'get-favorite-stores', { token, latitude: 0 })).statusCode).toBe(400);
    });
  });
});
