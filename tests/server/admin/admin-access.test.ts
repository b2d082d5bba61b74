/**
 * Who may call the console's part A, on each database: every call refuses a
 * caller without a token (401) and every role but an administrator (403);
 * store owners may list their orders. A refused call changes nothing and
 * writes no audit row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCalls } from '../../../src/api/admin/calls.ts';
import type { CallName } from '../../../src/api/calls.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditCount, callAsPerson, SETUP_TIMEOUT_MS, signInEveryRole, type Staff } from './admin-support.ts';

type AdminCall = keyof typeof adminCalls;

/** A body each call's schema accepts, so what answers is the access check. */
const VALID_BODIES: Record<AdminCall, Record<string, unknown>> = {
  'admin/get-settings': {},
  'admin/save-settings': { settings: { storeName: 'Refused Foods' } },
  'admin/get-versions': {},
  'admin/bump-version': { kind: 'cache' },
  'admin/get-languages': {},
  'admin/create-language': { language_name: 'Français', code: 'fr', dir: 'ltr' },
  'admin/update-language': { id: 1, language_name: 'Renamed' },
  'admin/set-default-language': { id: 2 },
  'admin/delete-language': { id: 2 },
  'admin/get-translations': { id: 1 },
  'admin/save-translations': { id: 1, texts: { tabCart: 'Basket' } },
  'admin/create-location': { name: 'Refused Square', latitude: 1, longitude: 2 },
  'admin/update-location': { id: 1, name: 'Renamed' },
  'admin/set-primary-location': { id: 2 },
  'admin/delete-location': { id: 2 },
  'admin/get-users': {},
  'admin/get-user': { user_id: 1 },
  'admin/create-user': { role: 'driver', name: 'Nobody', email: 'nobody@example.test', password: 'long-enough-password' },
  'admin/update-user': { user_id: 1, name: 'Renamed' },
  'admin/set-user-stores': { user_id: 1, store_ids: [] },
  'admin/set-user-ban': { user_id: 1, is_banned: true },
  'admin/adjust-wallet': { user_id: 1, amount: 100, reason: 'Refused' },
  'admin/get-orders': {},
  'admin/assign-driver': { unique_order_id: 'FP-NONE', driver_user_id: 1 },
  'admin/get-audit-log': {},
};

const STORE_OWNER_CALLS: readonly AdminCall[] = ['admin/get-orders'];

describe.each(testDatabases())('who may use the console (part A) on $kind', ({ kind }) => {
  let t: TestApp;
  let staff: Staff;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    staff = await signInEveryRole(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('the contract names a body for every call tested here', () => {
    expect(Object.keys(VALID_BODIES).sort()).toEqual(Object.keys(adminCalls).sort());
  });

  it('without a token every call answers 401 UNAUTHORIZED', async () => {
    for (const [name, body] of Object.entries(VALID_BODIES)) {
      const response = await callAsPerson(t.app, name as CallName, undefined, body);
      expect([name, response.statusCode, response.json<{ code: string }>().code]).toEqual([name, 401, 'UNAUTHORIZED']);
    }
  });

  it('customers, drivers and call-centre agents are refused with 403 FORBIDDEN, and nothing is audited', async () => {
    const before = await auditCount(t.db);
    for (const role of ['customer', 'driver', 'agent'] as const) {
      for (const [name, body] of Object.entries(VALID_BODIES)) {
        const response = await callAsPerson(t.app, name as CallName, staff[role], body);
        expect([role, name, response.statusCode, response.json<{ code: string }>().code]).toEqual([role, name, 403, 'FORBIDDEN']);
      }
    }
    expect(await auditCount(t.db)).toBe(before);
  });

  it('store owners may list their orders and nothing else of this part', async () => {
    for (const [name, body] of Object.entries(VALID_BODIES)) {
      const response = await callAsPerson(t.app, name as CallName, staff.store_owner, body);
      const expected = STORE_OWNER_CALLS.includes(name as AdminCall) ? 200 : 403;
      expect([name, response.statusCode]).toEqual([name, expected]);
    }
  });

  it('a banned administrator is refused with ACCOUNT_BANNED', async () => {
    await t.db.updateTable('users').set({ is_banned: 1 }).where('id', '=', staff.admin.id).execute();
    try {
      const response = await callAsPerson(t.app, 'admin/get-settings', staff.admin);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'ACCOUNT_BANNED' });
    } finally {
      await t.db.updateTable('users').set({ is_banned: 0 }).where('id', '=', staff.admin.id).execute();
    }
  });
});
