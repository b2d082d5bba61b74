/**
 * /admin/locations: the popular locations new visitors choose from, which
 * one is primary (where a visitor without an address starts), adding,
 * moving and deleting them. Every change answers the whole list.
 */
import { useState, type FormEvent } from 'react';
import type { PopularLocation } from '../../../api/entities.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { FormAlert, FormField } from '../../../ui/FormField.tsx';
import { useConsoleCall } from '../console-session.tsx';
import { useAnnounce } from '../console-toast.tsx';
import { Pill, QueryView, SectionHeader } from '../console-ui.tsx';
import { numberText, parseNumber } from '../console-values.ts';
import { MapPreview } from '../MapPreview.tsx';
import { useConsoleForm } from '../use-console-form.ts';
import { useConsoleQuery, useFailureText } from '../use-console-query.ts';

export default function LocationsSection() {
  const t = useT();
  const call = useConsoleCall();
  const announce = useAnnounce();
  const failureText = useFailureText();
  const query = useConsoleQuery('popular-geo-locations', {});
  const [editing, setEditing] = useState<PopularLocation | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PopularLocation | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const act = async (run: () => ReturnType<typeof call<'admin/set-primary-location'>>, done: string) => {
    setProblem(null);
    const result = await run();
    setDeleting(null);
    if (!result.ok) return setProblem(failureText(result));
    query.replace(result.value);
    announce(done);
  };

  return (
    <>
      <SectionHeader title={t('consoleLocations')} intro={t('consoleLocationsIntro')}>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          {t('consoleAddLocation')}
        </button>
      </SectionHeader>
      {problem && (
        <p className="form-alert" role="alert">
          {problem}
        </p>
      )}
      <div className="console-columns">
        <QueryView state={query.state} reload={query.reload}>
          {(locations) => (
            <ul className="console-list" data-testid="locations-list">
              {locations.length === 0 && <li className="console-card">{t('consoleNoLocations')}</li>}
              {locations.map((location) => (
                <li key={location.id} className="console-list-row">
                  <div>
                    <strong>{location.name}</strong> {location.is_default && <Pill tone="brand">{t('consolePrimary')}</Pill>}
                    <p className="form-hint">
                      {location.latitude.toFixed(5)}, {location.longitude.toFixed(5)}
                    </p>
                  </div>
                  <div className="console-row-actions">
                    <button type="button" className="button button-ghost" onClick={() => setEditing(location)}>
                      {t('consoleEdit')}
                    </button>
                    {!location.is_default && (
                      <>
                        <button
                          type="button"
                          className="button button-ghost"
                          onClick={() => void act(() => call('admin/set-primary-location', { id: location.id }), t('consolePrimarySet', { name: location.name }))}
                        >
                          {t('consoleMakePrimary')}
                        </button>
                        <button type="button" className="button button-ghost console-danger-text" onClick={() => setDeleting(location)}>
                          {t('consoleDelete')}
                        </button>
                      </>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryView>
        {editing && (
          <LocationForm
            key={editing === 'new' ? 'new' : editing.id}
            location={editing === 'new' ? null : editing}
            onSaved={(locations) => {
              query.replace(locations);
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
          />
        )}
      </div>
      {deleting && (
        <ConfirmDialog
          title={t('consoleDeleteTitle', { name: deleting.name })}
          confirmLabel={t('consoleDelete')}
          cancelLabel={t('consoleCancel')}
          onConfirm={() => void act(() => call('admin/delete-location', { id: deleting.id }), t('consoleDeleted'))}
          onCancel={() => setDeleting(null)}
        >
          <p>{t('consoleDeleteBody')}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const FIELDS = ['name', 'latitude', 'longitude'] as const;

function LocationForm({ location, onSaved, onCancel }: { location: PopularLocation | null; onSaved(list: PopularLocation[]): void; onCancel(): void }) {
  const t = useT();
  const call = useConsoleCall();
  const form = useConsoleForm(FIELDS);
  const [name, setName] = useState(location?.name ?? '');
  const [latitude, setLatitude] = useState(numberText(location?.latitude));
  const [longitude, setLongitude] = useState(numberText(location?.longitude));
  const [primary, setPrimary] = useState(false);
  const lat = parseNumber(latitude);
  const lng = parseNumber(longitude);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typeof lat !== 'number' || typeof lng !== 'number') {
      return form.report({
        ...(typeof lat !== 'number' ? { latitude: t('consoleInvalidLatitude') } : {}),
        ...(typeof lng !== 'number' ? { longitude: t('consoleInvalidLongitude') } : {}),
      });
    }
    const saved = await form.submit(() =>
      location
        ? call('admin/update-location', { id: location.id, name: name.trim(), latitude: lat, longitude: lng })
        : call('admin/create-location', { name: name.trim(), latitude: lat, longitude: lng, is_default: primary }),
    );
    if (saved) onSaved(saved);
  };

  return (
    <form className="form console-card" onSubmit={submit} noValidate data-testid="location-form">
      <h2>{location ? t('consoleEditNamed', { name: location.name }) : t('consoleAddLocation')}</h2>
      <FormAlert message={form.formError} bind={form.bindAlert} />
      <FormField {...form.field('name')} label={t('consoleName')} value={name} onChange={(e) => setName(e.target.value)} />
      <div className="console-field-grid">
        <FormField {...form.field('latitude')} label={t('consoleLatitude')} inputMode="decimal" value={latitude} onChange={(e) => setLatitude(e.target.value)} />
        <FormField {...form.field('longitude')} label={t('consoleLongitude')} inputMode="decimal" value={longitude} onChange={(e) => setLongitude(e.target.value)} />
      </div>
      {typeof lat === 'number' && typeof lng === 'number' && <MapPreview latitude={lat} longitude={lng} label={name} />}
      {!location && (
        <label className="console-check">
          <input type="checkbox" checked={primary} onChange={(e) => setPrimary(e.target.checked)} />
          <span>{t('consoleMakePrimary')}</span>
        </label>
      )}
      <div className="console-form-actions">
        <button type="submit" className="button button-primary" disabled={form.sending}>
          {form.sending ? t('consoleSaving') : t('consoleSave')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('consoleCancel')}
        </button>
      </div>
    </form>
  );
}
