/**
 * Is a store open now? Its opening windows are in its own time zone; a window
 * whose closing minute is at or before its opening minute runs past midnight
 * into the next day (Friday 11:00–03:00 is still open at 02:00 on Saturday).
 * A store with no windows at all has not published hours and counts as open.
 */
export interface OpeningWindow {
  /** 0 = Sunday … 6 = Saturday. */
  day: number;
  opensMinute: number;
  /** Up to 1440 (midnight at the end of the day). */
  closesMinute: number;
}

export interface LocalTime {
  day: number;
  minute: number;
}

const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Day of week and minute of day at `at` in `timeZone` (UTC when the zone is unknown). */
export function localTime(at: Date, timeZone: string): LocalTime {
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = formatterFor(timeZone);
  } catch {
    formatter = formatterFor('UTC');
  }
  let day = 0;
  let hour = 0;
  let minute = 0;
  for (const part of formatter.formatToParts(at)) {
    if (part.type === 'weekday') day = WEEKDAYS[part.value] ?? 0;
    else if (part.type === 'hour') hour = Number(part.value) % 24;
    else if (part.type === 'minute') minute = Number(part.value);
  }
  return { day, minute: hour * 60 + minute };
}

export function isOpenAt(windows: readonly OpeningWindow[], now: LocalTime): boolean {
  if (windows.length === 0) return true;
  const yesterday = (now.day + 6) % 7;
  return windows.some((w) => {
    const overnight = w.closesMinute <= w.opensMinute;
    if (w.day === now.day) return now.minute >= w.opensMinute && (overnight || now.minute < w.closesMinute);
    // Yesterday's overnight window still running this morning.
    return overnight && w.day === yesterday && now.minute < w.closesMinute;
  });
}

export function formatMinute(minute: number): string {
  const hours = Math.floor(minute / 60) % 24;
  return `${String(hours).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}
