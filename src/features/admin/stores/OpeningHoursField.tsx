/**
 * A store's week: per weekday (Sunday first, as the API counts them) its
 * opening windows, each an opening and a closing time; several a day for
 * lunch and dinner. A closing time at or before the opening runs past
 * midnight. No window at all means the store shows as always open.
 */
import { OPENING_WINDOWS_PER_DAY_MAX } from '../../../api/admin/catalog-limits.ts';
import { useLanguage, useT } from '../../../base/settings-and-language.tsx';
import type { OpeningWindowDraft } from './store-draft.ts';

const DAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** The weekday's name in the chosen language (1 January 2023 was a Sunday). */
function weekdayName(day: number, locale: string | undefined): string {
  const date = new Date(Date.UTC(2023, 0, 1 + day, 12));
  try {
    return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
  } catch {
    return new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(date);
  }
}

interface OpeningHoursFieldProps {
  id: string;
  error: string | null;
  windows: OpeningWindowDraft[];
  onChange(windows: OpeningWindowDraft[]): void;
}

export function OpeningHoursField({ id, error, windows, onChange }: OpeningHoursFieldProps) {
  const t = useT();
  const locale = useLanguage()?.code;
  const update = (index: number, change: Partial<OpeningWindowDraft>) =>
    onChange(windows.map((window, at) => (at === index ? { ...window, ...change } : window)));
  const remove = (index: number) => onChange(windows.filter((_, at) => at !== index));
  const add = (day: number) => onChange([...windows, { day, opens: '09:00', closes: '17:00' }]);

  return (
    <fieldset id={id} className="form-field console-hours" tabIndex={-1} aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="form-label">{t('consoleOpeningHours')}</legend>
      <p id={`${id}-hint`} className="form-hint">
        {t('consoleOpeningHoursHint')}
      </p>
      {DAYS.map((day) => {
        const name = weekdayName(day, locale);
        const ofDay = windows.map((window, index) => ({ window, index })).filter(({ window }) => window.day === day);
        return (
          <div key={day} className="console-hours-day" data-testid={`hours-day-${day}`}>
            <p className="console-hours-name">{name}</p>
            <div className="console-hours-windows">
              {ofDay.length === 0 && <p className="form-hint">{t('consoleClosedAllDay')}</p>}
              {ofDay.map(({ window, index }, nth) => (
                <div key={index} className="console-hours-window">
                  <label>
                    <span className="visually-hidden">{t('consoleOpensOn', { day: name, n: nth + 1 })}</span>
                    <input type="time" className="form-input" value={window.opens} onChange={(e) => update(index, { opens: e.target.value })} />
                  </label>
                  <span aria-hidden="true">–</span>
                  <label>
                    <span className="visually-hidden">{t('consoleClosesOn', { day: name, n: nth + 1 })}</span>
                    <input type="time" className="form-input" value={window.closes} onChange={(e) => update(index, { closes: e.target.value })} />
                  </label>
                  <button type="button" className="button button-ghost" onClick={() => remove(index)} aria-label={t('consoleRemoveHours', { day: name, n: nth + 1 })}>
                    ✕
                  </button>
                </div>
              ))}
              {ofDay.length < OPENING_WINDOWS_PER_DAY_MAX && (
                <button type="button" className="button-link" onClick={() => add(day)}>
                  {t('consoleAddHours', { day: name })}
                </button>
              )}
            </div>
          </div>
        );
      })}
      {error && (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
