/**
 * Times a client sends (acted_at of a queued action, recorded_at of a GPS
 * fix): the contract's pattern lets through strings the calendar does not
 * know (month 13), which are a 400 like any other malformed field.
 */
import { HttpError } from '../http/http-error.ts';

/** The time as given, or a 400 VALIDATION_FAILED naming the field (path as JSON pointer, e.g. "/points/2/recorded_at"). */
export function checkedTime(value: string | undefined, path: string): string | undefined {
  if (value === undefined || !Number.isNaN(Date.parse(value))) return value;
  const field = path.split('/').at(-1) ?? path;
  throw new HttpError(400, 'VALIDATION_FAILED', `${field} is not a real time.`, [{ path: path.startsWith('/') ? path : `/${path}`, message: 'is not a real time' }]);
}
