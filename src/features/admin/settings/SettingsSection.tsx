/**
 * /admin/settings: every setting the app reads, grouped as the server's type
 * hints say, each with the field its kind needs, beside a live preview of the
 * look. Save sends only what changed (all or nothing: a refused value shows
 * under its field); "Publish to apps" then raises the settings version so
 * installed apps fetch them.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { SETTING_GROUPS, type SettingGroup } from '../../../api/admin/limits.ts';
import type { AdminSetting } from '../../../api/admin/entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormAlert } from '../../../ui/FormField.tsx';
import { matchesSearch, QueryView, SearchBox, SectionHeader } from '../console-ui.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery } from '../use-console-query.ts';
import { SettingField, settingProblemText } from './SettingField.tsx';
import { GROUP_TITLES, settingLabel } from './setting-words.ts';
import { SettingsPreview } from './SettingsPreview.tsx';
import { VersionsPanel } from './VersionsPanel.tsx';

export default function SettingsSection() {
  const t = useT();
  const query = useConsoleQuery('admin/get-settings', {});
  return (
    <>
      <SectionHeader title={t('consoleSettings')} intro={t('consoleSettingsIntro')} />
      <QueryView state={query.state} reload={query.reload}>
        {(data) => <SettingsEditor settings={data.settings} onSaved={(settings) => query.replace({ settings })} />}
      </QueryView>
    </>
  );
}

function SettingsEditor({ settings, onSaved }: { settings: AdminSetting[]; onSaved(settings: AdminSetting[]): void }) {
  const t = useT();
  const call = useConsoleCall();
  const byKey = useMemo(() => new Map(settings.map((setting) => [setting.key, setting])), [settings]);
  const keys = useMemo(() => orderedKeys(settings), [settings]);
  const [draft, setDraft] = useState<Record<string, string>>(() => valuesOf(settings));
  const form = useConsoleForm(keys, { detailsUnder: 'settings', fieldText: (key) => settingProblemText(byKey.get(key), draft[key] ?? '', t) });
  const [search, setSearch] = useState('');
  const [unpublished, setUnpublished] = useState(false);

  const changed = keys.filter((key) => draft[key] !== byKey.get(key)?.value);
  const set = (key: string, value: string) => {
    setDraft((current) => ({ ...current, [key]: value }));
    form.clearField(key);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (changed.length === 0) return;
    const saved = await form.submit(() => call('admin/save-settings', { settings: Object.fromEntries(changed.map((key) => [key, draft[key] ?? ''])) }));
    if (!saved) {
      // A refused setting must be on screen to be seen and focused.
      setSearch('');
      return;
    }
    onSaved(saved.settings);
    // What the server kept is what the form shows (it may have tidied a value).
    setDraft(valuesOf(saved.settings));
    if (saved.changed.length > 0) setUnpublished(true);
  };

  const previewValue = (key: string) => ({ now: draft[key] ?? '', saved: byKey.get(key)?.value ?? '' });
  const visible = (setting: AdminSetting) => matchesSearch(search, setting.key, settingLabel(setting.key));

  return (
    <div className="console-settings">
      <form className="console-settings-form" onSubmit={save} noValidate data-testid="settings-form">
        <div className="console-toolbar console-sticky-bar">
          <SearchBox label={t('consoleSearchSettings')} value={search} onChange={setSearch} />
          <p className="form-hint" aria-live="polite">
            {changed.length === 0 ? t('consoleNoChanges') : t('consoleChangedCount', { count: changed.length })}
          </p>
          <button type="submit" className="button button-primary" disabled={form.sending || changed.length === 0}>
            {form.sending ? t('consoleSaving') : t('consoleSave')}
          </button>
        </div>
        <FormAlert message={form.formError} bind={form.bindAlert} />
        {SETTING_GROUPS.map((group) => {
          const inGroup = settings.filter((setting) => setting.group === group && visible(setting));
          if (inGroup.length === 0) return null;
          return (
            <fieldset key={group} className="console-card console-group" data-testid={`settings-group-${group}`}>
              <legend>{t(GROUP_TITLES[group])}</legend>
              <div className="console-field-grid">
                {inGroup.map((setting) => (
                  <SettingField
                    key={setting.key}
                    setting={setting}
                    value={draft[setting.key] ?? ''}
                    {...form.field(setting.key)}
                    onChange={(value) => set(setting.key, value)}
                  />
                ))}
              </div>
            </fieldset>
          );
        })}
      </form>
      <div className="console-settings-side">
        <SettingsPreview value={previewValue} />
        <VersionsPanel unpublished={unpublished} unsaved={changed.length > 0} onPublished={() => setUnpublished(false)} />
      </div>
    </div>
  );
}

function valuesOf(settings: AdminSetting[]): Record<string, string> {
  return Object.fromEntries(settings.map((setting) => [setting.key, setting.value]));
}

/** In the order the screen shows them, so the first refused one is the first to take the focus. */
function orderedKeys(settings: AdminSetting[]): string[] {
  const rank = (group: SettingGroup) => SETTING_GROUPS.indexOf(group);
  return settings
    .map((setting, index) => ({ setting, index }))
    .sort((a, b) => rank(a.setting.group) - rank(b.setting.group) || a.index - b.index)
    .map(({ setting }) => setting.key);
}
