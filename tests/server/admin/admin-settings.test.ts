/**
 * The console's settings, versions and audit trail on each database: every
 * setting with its kind, saving all or nothing with a reason per bad value,
 * what the app then reads, /version.json bumps, and the audit of each change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminSettings, AuditPage, SavedSettings } from '../../../src/api/admin/entities.ts';
import type { Setting, VersionInfo } from '../../../src/api/entities.ts';
import { SETTING_DEFAULTS, SETTING_KEYS } from '../../../src/api/settings/defaults.ts';
import { testDatabases } from '../../support/databases.ts';
import { buildTestApp, type TestApp } from '../../support/test-app.ts';
import { auditCount, auditRowsOf, callAsPerson, ok, SETUP_TIMEOUT_MS, signInEveryRole, type Staff } from './admin-support.ts';

describe.each(testDatabases())('console settings, versions and audit on $kind', ({ kind }) => {
  let t: TestApp;
  let staff: Staff;
  const save = (settings: Record<string, string>) => callAsPerson(t.app, 'admin/save-settings', staff.admin, { settings });
  const publicSettings = async () => new Map((await ok<Setting[]>(callAsPerson(t.app, 'get-settings', undefined))).map((s) => [s.key, s.value]));
  beforeAll(async () => {
    t = await buildTestApp(kind);
    staff = await signInEveryRole(t.app);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
  });

  it('lists every setting of the app with its value, default and the field it needs', async () => {
    const { settings } = await ok<AdminSettings>(callAsPerson(t.app, 'admin/get-settings', staff.admin));
    expect(settings.map((setting) => setting.key)).toEqual(SETTING_KEYS);
    const byKey = new Map(settings.map((setting) => [setting.key, setting]));
    expect(byKey.get('storeColor')).toMatchObject({ kind: 'colour', group: 'look', default_value: SETTING_DEFAULTS.storeColor, is_stored: true });
    expect(byKey.get('footerStyleType')).toMatchObject({ kind: 'choice', choices: ['FLOAT', 'fixed'] });
    expect(byKey.get('enSPU')).toMatchObject({ kind: 'switch', value: 'true' });
    expect(byKey.get('loyaltyMaxRedeemPercent')).toMatchObject({ kind: 'number', min: 0, max: 100, integer: true });
    expect(byKey.get('customCSS')).toMatchObject({ kind: 'css', max_length: 20_000 });
    expect(byKey.get('currencyCode')).toMatchObject({ kind: 'text', required: true, pattern: '^[A-Z]{3}$' });
  });

  it('saves changed settings, the app reads them, and the audit says who changed what from what', async () => {
    const saved = await ok<SavedSettings>(save({ storeName: 'Pronto Foods', storeColor: '#123abc', enSPU: 'false', restaurantCategorySliderSize: '3' }));
    expect(saved.changed.sort()).toEqual(['enSPU', 'restaurantCategorySliderSize', 'storeColor', 'storeName']);
    expect(saved.settings.find((setting) => setting.key === 'storeName')).toMatchObject({ value: 'Pronto Foods', is_stored: true });
    const app = await publicSettings();
    expect([app.get('storeName'), app.get('storeColor'), app.get('enSPU'), app.get('restaurantCategorySliderSize')]).toEqual([
      'Pronto Foods',
      '#123abc',
      'false',
      '3',
    ]);
    const [audit] = (await auditRowsOf(t.db, 'admin/save-settings')).slice(-1);
    expect(audit).toMatchObject({ user_id: staff.admin.id, role: 'admin', entity: 'settings', entity_id: null });
    expect(audit?.details).toEqual({
      changes: {
        storeName: { from: SETTING_DEFAULTS.storeName, to: 'Pronto Foods' },
        storeColor: { from: SETTING_DEFAULTS.storeColor, to: '#123abc' },
        enSPU: { from: 'true', to: 'false' },
        restaurantCategorySliderSize: { from: '2', to: '3' },
      },
    });
  });

  it('saving the values already there changes nothing and audits nothing', async () => {
    await ok(save({ storeName: 'Same Name Foods' }));
    const before = await auditCount(t.db);
    expect((await ok<SavedSettings>(save({ storeName: 'Same Name Foods' }))).changed).toEqual([]);
    expect(await auditCount(t.db)).toBe(before);
  });

  it('an unknown key is 400 UNKNOWN_SETTING with a detail per key, and nothing is saved', async () => {
    const response = await save({ storeName: 'Never Saved', notASetting: 'x', alsoMissing: 'y' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'UNKNOWN_SETTING',
      details: [
        { path: '/settings/notASetting', message: 'is not a setting of this app' },
        { path: '/settings/alsoMissing', message: 'is not a setting of this app' },
      ],
    });
    expect((await publicSettings()).get('storeName')).not.toBe('Never Saved');
  });

  it('bad values are 400 VALIDATION_FAILED with the reason for each, all or nothing', async () => {
    const response = await save({
      storeName: 'Also Never Saved',
      enSPU: 'yes',
      storeColor: 'red',
      footerStyleType: 'floating',
      loyaltyMaxRedeemPercent: '150',
      driverMaxActiveOrders: '2.5',
      desktopSocialFacebookLink: 'javascript:alert(1)',
      currencyCode: 'usd',
      storeShortName: '   ',
      updatingMessage: 'two\nlines',
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ code: string; message: string; details: { path: string; message: string }[] }>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.details).toEqual([
      { path: '/settings/enSPU', message: 'must be true or false' },
      { path: '/settings/storeColor', message: 'must be a colour written #rrggbb' },
      { path: '/settings/footerStyleType', message: 'must be one of FLOAT, fixed' },
      { path: '/settings/loyaltyMaxRedeemPercent', message: 'must be between 0 and 100' },
      { path: '/settings/driverMaxActiveOrders', message: 'must be a whole number between 1 and 20' },
      { path: '/settings/desktopSocialFacebookLink', message: 'must be an address starting with https:// (or http://) or a path starting with /' },
      { path: '/settings/currencyCode', message: 'must be three capital letters, e.g. USD' },
      { path: '/settings/storeShortName', message: 'must not be empty' },
      { path: '/settings/updatingMessage', message: 'must be one line' },
    ]);
    expect(body.message).toContain('enSPU must be true or false');
    expect((await publicSettings()).get('storeName')).not.toBe('Also Never Saved');
  });

  it('logos take a path on this server or an https address; the custom CSS has a length limit', async () => {
    await ok(save({ storeLogo: '/public/images/brand/new-logo.png', storeIcon192: 'https://cdn.example.com/icon.png' }));
    const tooLong = await save({ customCSS: 'a'.repeat(20_001) });
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: '/settings/customCSS', message: 'must be at most 20000 characters' }] });
  });

  it('the custom home message keeps its markup but loses scripts before it is stored', async () => {
    await ok(save({ customHomeMessage: '<p onclick="steal()">Free delivery <b>today</b><script>steal()</script></p>' }));
    expect((await publicSettings()).get('customHomeMessage')).toBe('<p>Free delivery <b>today</b></p>');
  });

  it('bumps either number of /version.json, and only that one; saving settings alone bumps nothing', async () => {
    const before = await ok<VersionInfo>(callAsPerson(t.app, 'admin/get-versions', staff.admin));
    await ok(save({ storeDescription: 'Now with more noodles.' }));
    expect((await t.app.inject({ method: 'GET', url: '/version.json' })).json()).toEqual(before);

    const settingsBumped = await ok<VersionInfo>(callAsPerson(t.app, 'admin/bump-version', staff.admin, { kind: 'settings' }));
    expect(settingsBumped).toEqual({
      forceNewSettingsVersion: String(Number(before.forceNewSettingsVersion) + 1),
      forceCacheClearVersion: before.forceCacheClearVersion,
    });
    const cacheBumped = await ok<VersionInfo>(callAsPerson(t.app, 'admin/bump-version', staff.admin, { kind: 'cache' }));
    expect(cacheBumped.forceCacheClearVersion).toBe(String(Number(before.forceCacheClearVersion) + 1));
    expect((await t.app.inject({ method: 'GET', url: '/version.json' })).json()).toEqual(cacheBumped);
    expect((await auditRowsOf(t.db, 'admin/bump-version')).slice(-2)).toMatchObject([
      { user_id: staff.admin.id, entity: 'versions', entity_id: 'settings', details: { kind: 'settings', version: settingsBumped.forceNewSettingsVersion } },
      { user_id: staff.admin.id, entity: 'versions', entity_id: 'cache', details: { kind: 'cache', version: cacheBumped.forceCacheClearVersion } },
    ]);
    const wrongKind = await callAsPerson(t.app, 'admin/bump-version', staff.admin, { kind: 'everything' });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('the audit log reads newest first with who did it, filters by entity and user, and pages by id', async () => {
    await ok(save({ gdprMessage: 'First change.' }));
    await ok(save({ gdprMessage: 'Second change.' }));
    const first = await ok<AuditPage>(callAsPerson(t.app, 'admin/get-audit-log', staff.admin, { entity: 'settings', limit: 1 }));
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({
      user_id: staff.admin.id,
      user_name: 'Ada Whitfield',
      role: 'admin',
      action: 'admin/save-settings',
      entity: 'settings',
      details: { changes: { gdprMessage: { from: 'First change.', to: 'Second change.' } } },
    });
    expect(first.next_before).toBe(first.entries[0]?.id);
    const second = await ok<AuditPage>(
      callAsPerson(t.app, 'admin/get-audit-log', staff.admin, { entity: 'settings', limit: 1, before: first.next_before }),
    );
    expect(second.entries[0]?.details).toMatchObject({ changes: { gdprMessage: { to: 'First change.' } } });
    expect(second.entries[0]?.id).toBeLessThan(first.entries[0]?.id ?? 0);

    const versions = await ok<AuditPage>(callAsPerson(t.app, 'admin/get-audit-log', staff.admin, { entity: 'versions', entity_id: 'cache' }));
    expect(versions.entries.every((entry) => entry.entity === 'versions' && entry.entity_id === 'cache')).toBe(true);
    const byNobody = await ok<AuditPage>(callAsPerson(t.app, 'admin/get-audit-log', staff.admin, { user_id: staff.customer.id }));
    expect(byNobody).toEqual({ entries: [], next_before: null });
  });
});
