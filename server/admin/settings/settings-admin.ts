/**
 * The console's settings (issue 7): every setting the app reads with its
 * value, default and kind, and saving a batch of them all or nothing.
 * Which values a setting takes is said once in src/api/settings/rules.ts (the
 * console checks with it too); the custom home message is cleaned with the
 * content pages' HTML whitelist before it is stored, so what the server
 * holds is what every app may show.
 */
import type { FastifyInstance } from 'fastify';
import { SETTING_HINTS, type AdminSetting, type SavedSettings } from '../../../src/api/admin/entities.ts';
import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey } from '../../../src/api/settings/defaults.ts';
import { settingValueProblem } from '../../../src/api/settings/rules.ts';
import { HttpError } from '../../http/http-error.ts';
import type { SessionUser } from '../../account/users-repository.ts';
import { auditedText } from '../audit-values.ts';
import { sanitizeHtmlText } from '../catalog/catalog-html.ts';

function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(SETTING_DEFAULTS, key);
}

function toAdminSetting(key: SettingKey, stored: string | undefined): AdminSetting {
  const hint = SETTING_HINTS[key];
  return {
    key,
    value: stored ?? SETTING_DEFAULTS[key],
    default_value: SETTING_DEFAULTS[key],
    is_stored: stored !== undefined,
    kind: hint.kind,
    group: hint.group,
    ...(hint.min !== undefined ? { min: hint.min } : {}),
    ...(hint.max !== undefined ? { max: hint.max } : {}),
    ...(hint.integer !== undefined ? { integer: hint.integer } : {}),
    ...(hint.maxLength !== undefined ? { max_length: hint.maxLength } : {}),
    ...(hint.required !== undefined ? { required: hint.required } : {}),
    ...(hint.pattern !== undefined ? { pattern: hint.pattern } : {}),
    ...(hint.patternHint !== undefined ? { pattern_hint: hint.patternHint } : {}),
    ...(hint.choices !== undefined ? { choices: [...hint.choices] } : {}),
  };
}

/** Every setting of src/api/settings/defaults.ts in its order; keys stored but unknown to this version are left out. */
export async function listAdminSettings(app: FastifyInstance): Promise<AdminSetting[]> {
  const stored = await app.settingsRepository.asMap();
  return SETTING_KEYS.map((key) => toAdminSetting(key, stored.get(key)));
}

/** The values to store, after the checks: UNKNOWN_SETTING or VALIDATION_FAILED (a detail per key) before anything is written. */
function checkedChanges(changes: Record<string, string>): [SettingKey, string][] {
  const unknown = Object.keys(changes).filter((key) => !isSettingKey(key));
  if (unknown.length > 0) {
    throw new HttpError(
      400,
      'UNKNOWN_SETTING',
      `${unknown.length === 1 ? 'This setting does' : 'These settings do'} not exist: ${unknown.join(', ')}.`,
      unknown.map((key) => ({ path: `/settings/${key}`, message: 'is not a setting of this app' })),
    );
  }
  const entries = Object.entries(changes) as [SettingKey, string][];
  const problems = entries.flatMap(([key, value]) => {
    const problem = settingValueProblem(SETTING_HINTS[key], value);
    return problem === undefined ? [] : [{ path: `/settings/${key}`, message: problem }];
  });
  if (problems.length > 0) {
    const said = problems.map((problem) => `${problem.path.slice('/settings/'.length)} ${problem.message}`).join('; ');
    throw new HttpError(400, 'VALIDATION_FAILED', `Nothing was saved: ${said}.`, problems);
  }
  return entries.map(([key, value]) => [key, SETTING_HINTS[key].kind === 'html' ? sanitizeHtmlText(value) : value]);
}

/** Saves the values that differ from what applies now; answers their keys and every setting after the save. */
export async function saveSettings(app: FastifyInstance, user: SessionUser, changes: Record<string, string>): Promise<SavedSettings> {
  const entries = checkedChanges(changes);
  const changed = await app.db.transaction().execute(async (trx) => {
    const before = await app.settingsRepository.asMap(trx);
    const differing = entries.filter(([key, value]) => (before.get(key) ?? SETTING_DEFAULTS[key]) !== value);
    if (differing.length === 0) return [];
    await app.settingsRepository.setMany(differing.map(([key, value]) => ({ key, value })), trx);
    await app.auditRepository.record({
      userId: user.id,
      role: user.role,
      action: 'admin/save-settings',
      entity: 'settings',
      details: {
        changes: Object.fromEntries(
          differing.map(([key, value]) => [key, { from: auditedText(before.get(key) ?? SETTING_DEFAULTS[key]), to: auditedText(value) }]),
        ),
      },
    }, trx);
    return differing.map(([key]) => key);
  });
  return { changed, settings: await listAdminSettings(app) };
}
