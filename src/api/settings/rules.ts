/**
 * What a setting accepts, by its kind (admin/limits.ts SETTING_HINTS),
 * written once: the console checks a field as it is typed, and the server
 * (admin/save-settings) refuses the same values with the same words.
 */
import { SETTING_URL_MAX_LENGTH, SETTING_TEXT_MAX_LENGTH, type SettingHint } from '../admin/limits.ts';

const COLOUR = /^#[0-9a-fA-F]{6}$/;
const DECIMAL = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;
// An address on the web, or a path on this server; never javascript: or data: (they would run or bloat in every app).
const URL_OR_PATH = /^(?:https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;
// Text settings are one line; newlines belong only to html and css.
const LINE_BREAK = /[\r\n]/;

/** What is wrong with the value for a setting of this kind, in words for the console; undefined when it is fine. */
export function settingValueProblem(hint: SettingHint, value: string): string | undefined {
  switch (hint.kind) {
    case 'switch':
      return value === 'true' || value === 'false' ? undefined : 'must be true or false';
    case 'colour':
      return COLOUR.test(value) ? undefined : 'must be a colour written #rrggbb';
    case 'number':
      return numberProblem(hint, value);
    case 'choice':
      return hint.choices?.includes(value) ? undefined : `must be one of ${(hint.choices ?? []).join(', ')}`;
    case 'url':
    case 'image':
      if (value === '' && hint.kind === 'url') return undefined;
      if (value.length > SETTING_URL_MAX_LENGTH) return `must be at most ${SETTING_URL_MAX_LENGTH} characters`;
      return URL_OR_PATH.test(value) ? undefined : 'must be an address starting with https:// (or http://) or a path starting with /';
    case 'text':
      return textProblem(hint, value);
    case 'html':
    case 'css':
      return lengthProblem(hint.maxLength ?? SETTING_TEXT_MAX_LENGTH, value);
  }
}

function textProblem(hint: SettingHint, value: string): string | undefined {
  if (hint.required && value.trim() === '') return 'must not be empty';
  if (LINE_BREAK.test(value)) return 'must be one line';
  if (hint.pattern !== undefined && !new RegExp(hint.pattern).test(value)) return `must be ${hint.patternHint ?? `like ${hint.pattern}`}`;
  return lengthProblem(hint.maxLength ?? SETTING_TEXT_MAX_LENGTH, value);
}

function lengthProblem(maxLength: number, value: string): string | undefined {
  return [...value].length <= maxLength ? undefined : `must be at most ${maxLength} characters`;
}

function numberProblem(hint: SettingHint, value: string): string | undefined {
  const min = hint.min ?? Number.NEGATIVE_INFINITY;
  const max = hint.max ?? Number.POSITIVE_INFINITY;
  const range = `between ${min} and ${max}`;
  if (!DECIMAL.test(value)) return hint.integer ? `must be a whole number ${range}` : `must be a number ${range}`;
  const number = Number(value);
  if (hint.integer && !Number.isInteger(number)) return `must be a whole number ${range}`;
  return number >= min && number <= max ? undefined : `must be ${range}`;
}
