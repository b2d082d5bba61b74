/**
 * Turning what a person types into what the API takes, and back: money is
 * typed in major units (12.50) and travels in minor units (1250); optional
 * numbers and texts travel as null when left empty. Each parser answers
 * undefined for text it cannot read, so the form says so before sending.
 */

/** 1250 → '12.50'; null → ''. */
export function moneyText(minor: number | null | undefined): string {
  return minor === null || minor === undefined ? '' : (minor / 100).toFixed(2);
}

/** '12.5' → 1250, '' → null; undefined for anything else (letters, three decimals). */
export function parseMoney(text: string, { signed = false }: { signed?: boolean } = {}): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const pattern = signed ? /^[-+]?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/;
  if (!pattern.test(trimmed)) return undefined;
  return Math.round(Number(trimmed) * 100);
}

/** '12' → 12, '' → null; undefined when it is not a (whole, if asked) number. */
export function parseNumber(text: string, { integer = false }: { integer?: boolean } = {}): number | null | undefined {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) return undefined;
  return value;
}

export function numberText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** '' → null, else the text as typed. */
export function optionalText(text: string): string | null {
  return text.trim() ? text : null;
}

/** An ISO time → the value of an <input type="datetime-local"> in this device's time zone; '' for none. */
export function localDateTimeText(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An <input type="datetime-local"> value (this device's time zone) → ISO UTC; '' → null. */
export function isoFromLocal(text: string): string | null {
  if (!text) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
