/**
 * The console's popular locations on each database: add, rename or move,
 * one primary at all times, the primary kept from deletion, coordinates
 * within range, each change audited and seen by popular-geo-locations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PopularLocation } from '../../../src/api/entities.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditRowsOf, callAsPerson, ok, SETUP_TIMEOUT_MS, signInEveryRole, type Staff } from './admin-support.ts';

describe.each(testDatabases())('console popular locations on $kind', ({ kind }) => {
  let t: TestApp;
  let staff: Staff;
  const call = (name: Parameters<typeof callAsPerson>[1], body: Record<string, unknown> = {}) => callAsPerson(t.app, name, staff.admin, body);
  const publicList = () => ok<PopularLocation[]>(callAsPerson(t.app, 'popular-geo-locations', undefined));
  const primaryOf = (list: PopularLocation[]) => list.filter((location) => location.is_default).map((location) => location.name);
  beforeAll(async () => {
    t = await buildTestApp(kind);
    staff = await signInEveryRole(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('adds a location; the app lists it and the audit records it', async () => {
    const list = await ok<PopularLocation[]>(call('admin/create-location', { name: '  Harbour   Steps ', latitude: 40.45, longitude: -80.01 }));
    const added = list.find((location) => location.name === 'Harbour Steps');
    expect(added).toMatchObject({ latitude: 40.45, longitude: -80.01, is_default: false });
    expect((await publicList()).map((location) => location.name)).toContain('Harbour Steps');
    expect((await auditRowsOf(t.db, 'admin/create-location')).at(-1)).toMatchObject({
      user_id: staff.admin.id,
      entity: 'popular_locations',
      entity_id: String(added?.id),
      details: { name: 'Harbour Steps', latitude: 40.45, longitude: -80.01, is_default: false },
    });
  });

  it('a new primary location takes over: there is exactly one', async () => {
    const before = primaryOf(await publicList());
    expect(before).toHaveLength(1);
    const list = await ok<PopularLocation[]>(call('admin/create-location', { name: 'New Centre', latitude: 40.44, longitude: -79.99, is_default: true }));
    expect(primaryOf(list)).toEqual(['New Centre']);
    expect(list[0]?.name).toBe('New Centre');
    const old = list.find((location) => location.name === before[0]) as PopularLocation;
    const back = await ok<PopularLocation[]>(call('admin/set-primary-location', { id: old.id }));
    expect(primaryOf(back)).toEqual(before);
    expect((await auditRowsOf(t.db, 'admin/set-primary-location')).at(-1)).toMatchObject({ entity_id: String(old.id), details: { name: before[0] } });
  });

  it('renames and moves a location; only what was sent changes', async () => {
    const list = await ok<PopularLocation[]>(call('admin/create-location', { name: 'Old Mill', latitude: 10, longitude: 20 }));
    const mill = list.find((location) => location.name === 'Old Mill') as PopularLocation;
    const after = await ok<PopularLocation[]>(call('admin/update-location', { id: mill.id, name: 'New Mill', latitude: -33.5 }));
    expect(after.find((location) => location.id === mill.id)).toMatchObject({ name: 'New Mill', latitude: -33.5, longitude: 20 });
    expect((await auditRowsOf(t.db, 'admin/update-location')).at(-1)?.details).toEqual({
      name: { from: 'Old Mill', to: 'New Mill' },
      latitude: { from: 10, to: -33.5 },
    });
    expect((await call('admin/update-location', { id: 99_999, name: 'Nowhere' })).statusCode).toBe(404);
  });

  it('coordinates out of range and blank names are 400 VALIDATION_FAILED naming the field', async () => {
    const north = await call('admin/create-location', { name: 'Beyond the pole', latitude: 90.5, longitude: 0 });
    expect(north.statusCode).toBe(400);
    expect(north.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/latitude' }] });
    expect((await call('admin/create-location', { name: 'Date line', latitude: 0, longitude: -181 })).json()).toMatchObject({ details: [{ path: '/longitude' }] });
    expect((await call('admin/create-location', { name: '   ', latitude: 0, longitude: 0 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/name', message: 'must not be blank' }],
    });
    expect((await call('admin/create-location', { name: 'x'.repeat(101), latitude: 0, longitude: 0 })).json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: '/name' }],
    });
  });

  it('the primary location cannot be deleted (409 LOCATION_IS_PRIMARY); another one can', async () => {
    const list = await publicList();
    const primary = list.find((location) => location.is_default) as PopularLocation;
    const refused = await call('admin/delete-location', { id: primary.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LOCATION_IS_PRIMARY' });
    const other = list.find((location) => !location.is_default) as PopularLocation;
    const left = await ok<PopularLocation[]>(call('admin/delete-location', { id: other.id }));
    expect(left.map((location) => location.id)).not.toContain(other.id);
    expect((await auditRowsOf(t.db, 'admin/delete-location')).at(-1)).toMatchObject({ entity_id: String(other.id), details: { name: other.name } });
  });

  it('the first location added where there is none becomes the primary one', async () => {
    await t.db.deleteFrom('popular_locations').execute();
    const list = await ok<PopularLocation[]>(call('admin/create-location', { name: 'Only Place', latitude: 1, longitude: 1 }));
    expect(primaryOf(list)).toEqual(['Only Place']);
  });
});
