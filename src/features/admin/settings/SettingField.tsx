/** One setting as the field its kind needs: a switch, a colour, a number with its bounds, a choice, a text, markup, or an image. */
import type { AdminSetting } from '../../../api/admin/entities.ts';
import { isSwitchOn } from '../../../api/settings/values.ts';
import { useT } from '../../../base/settings-and-language.tsx';
import { FormField } from '../../../ui/FormField.tsx';
import { ColourField, SelectField, SwitchField, TextAreaField } from '../console-fields.tsx';
import { ImageField } from '../ImageField.tsx';
import { settingLabel } from './setting-words.ts';

interface SettingFieldProps {
  setting: AdminSetting;
  value: string;
  id: string;
  error: string | null;
  onChange(value: string): void;
}

export function SettingField({ setting, value, id, error, onChange }: SettingFieldProps) {
  const t = useT();
  const label = settingLabel(setting.key);
  const hint = [setting.key, boundsText(setting, t)].filter(Boolean).join(' · ');
  const frame = { id, label, error, hint };
  switch (setting.kind) {
    case 'switch':
      return <SwitchField {...frame} checked={isSwitchOn(value)} onChange={(on) => onChange(on ? 'true' : 'false')} />;
    case 'colour':
      return <ColourField {...frame} value={value} onChange={onChange} />;
    case 'choice':
      return (
        <SelectField
          {...frame}
          value={value}
          choices={(setting.choices ?? []).map((choice) => ({ value: choice, label: choice }))}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'html':
    case 'css':
      return (
        <TextAreaField
          {...frame}
          value={value}
          rows={setting.kind === 'css' ? 8 : 5}
          spellCheck={false}
          className={setting.kind === 'css' ? 'console-code' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'image':
      return <ImageField id={id} label={label} error={error} value={value} onChange={onChange} />;
    case 'number':
      return <FormField {...frame} value={value} inputMode="decimal" onChange={(event) => onChange(event.target.value)} />;
    case 'url':
      return <FormField {...frame} value={value} type="url" spellCheck={false} onChange={(event) => onChange(event.target.value)} />;
    default:
      return <FormField {...frame} value={value} maxLength={setting.max_length} onChange={(event) => onChange(event.target.value)} />;
  }
}

function boundsText(setting: AdminSetting, t: ReturnType<typeof useT>): string {
  if (setting.kind === 'number' && setting.min !== undefined && setting.max !== undefined) {
    return t(setting.integer ? 'consoleWholeBetween' : 'consoleNumberBetween', { min: setting.min, max: setting.max });
  }
  if (setting.kind === 'colour') return t('consoleColourHint');
  return '';
}

/** The words under a setting the server refused, from what kind of value it needs and the value that was sent. */
export function settingProblemText(setting: AdminSetting | undefined, value: string, t: ReturnType<typeof useT>): string | null {
  if (!setting) return null;
  switch (setting.kind) {
    case 'colour':
      return t('consoleInvalidColour');
    case 'number':
      return t('consoleInvalidNumber', { min: setting.min ?? '', max: setting.max ?? '' });
    case 'url':
    case 'image':
      return t('consoleInvalidUrl');
    case 'choice':
      return t('consoleInvalidChoice', { choices: (setting.choices ?? []).join(', ') });
    case 'switch':
      return t('consoleInvalidSwitch');
    default:
      return textProblemText(setting, value, t);
  }
}

/** A text setting says what is really wrong: empty where it is required, more than one line, the wrong form, too long. */
function textProblemText(setting: AdminSetting, value: string, t: ReturnType<typeof useT>): string | null {
  if (setting.required && value.trim() === '') return t('consoleRequired');
  if (setting.kind === 'text' && /[\r\n]/.test(value)) return t('consoleOneLine');
  if (setting.pattern !== undefined && !new RegExp(setting.pattern).test(value)) return t('consoleWrongFormat');
  if (setting.max_length !== undefined && [...value].length > setting.max_length) return t('consoleTooLong', { max: setting.max_length });
  // Nothing this side can name: the server's own words are shown.
  return null;
}
