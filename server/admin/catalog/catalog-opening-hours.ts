/**
 * A store's week of opening windows as the console sends it (`HH:MM` in the
 * store's time zone) turned into rows, by the rules is_open reads them with
 * (server/geo/opening-hours.ts): a window closing at or before its opening
 * runs past midnight into the next day, 24:00 closes at the end of the day.
 * Windows must not overlap anywhere in the week (a Saturday night window
 * runs into Sunday morning), and a day holds at most
 * OPENING_WINDOWS_PER_DAY_MAX of them.
 */
import { OPENING_WINDOWS_PER_DAY_MAX } from '../../../src/api/admin/catalog-limits.ts';
import type { OpeningHours } from '../../../src/api/entities.ts';
import type { OpeningWindow } from '../../geo/opening-hours.ts';
import { HttpError } from '../../http/http-error.ts';

const DAY = 24 * 60;
const WEEK = 7 * DAY;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function minuteOf(clock: string): number {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

function invalidHours(index: number, message: string): HttpError {
  return new HttpError(400, 'INVALID_OPENING_HOURS', message, [{ path: `/opening_hours/${index}`, message }]);
}

/** Where a window lies in the week, in minutes from Sunday 00:00; an overnight one ends the next day. */
function weekSpan(window: OpeningWindow): [start: number, end: number] {
  const start = window.day * DAY + window.opensMinute;
  const overnight = window.closesMinute <= window.opensMinute;
  return [start, window.day * DAY + window.closesMinute + (overnight ? DAY : 0)];
}

function overlaps(a: OpeningWindow, b: OpeningWindow): boolean {
  const [aStart, aEnd] = weekSpan(a);
  const [bStart, bEnd] = weekSpan(b);
  // Saturday's overnight window wraps to Sunday: compare b shifted a week either way too.
  return [-WEEK, 0, WEEK].some((shift) => aStart < bEnd + shift && bStart + shift < aEnd);
}

/** The windows as rows; INVALID_OPENING_HOURS naming the first window that breaks a rule. */
export function openingWindowsOf(hours: readonly OpeningHours[]): OpeningWindow[] {
  const windows: OpeningWindow[] = [];
  const perDay = new Map<number, number>();
  hours.forEach((hour, index) => {
    const opensMinute = minuteOf(hour.opens);
    const closesMinute = minuteOf(hour.closes);
    const day = DAY_NAMES[hour.day] ?? `day ${hour.day}`;
    if (opensMinute >= DAY) throw invalidHours(index, `${day}: a window cannot open at 24:00; open at 00:00 instead.`);
    const count = (perDay.get(hour.day) ?? 0) + 1;
    if (count > OPENING_WINDOWS_PER_DAY_MAX) {
      throw invalidHours(index, `${day}: at most ${OPENING_WINDOWS_PER_DAY_MAX} opening windows a day.`);
    }
    perDay.set(hour.day, count);
    const window = { day: hour.day, opensMinute, closesMinute };
    const clash = windows.find((other) => overlaps(other, window));
    if (clash) {
      throw invalidHours(index, `${day} ${hour.opens}–${hour.closes} overlaps another window (${DAY_NAMES[clash.day]}).`);
    }
    windows.push(window);
  });
  return windows;
}
