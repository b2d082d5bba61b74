/** Dates of server rows (ISO-8601 UTC) in the chosen language's words, in the device's time zone. */
export function formatDate(iso: string, locale: string | undefined, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions = withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' };
  try {
    return new Intl.DateTimeFormat(locale, options).format(date);
  } catch {
    // An unknown language code: the device's own.
    return new Intl.DateTimeFormat(undefined, options).format(date);
  }
}
