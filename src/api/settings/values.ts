/**
 * Reading setting values, which travel as strings. Kept apart from the
 * defaults table (defaults.ts) so the UI can read a switch without bundling
 * every default: the worker writes the defaults into the replica instead.
 */
export function isSwitchOn(value: string | undefined): boolean {
  const normalized = (value ?? '').trim().toLowerCase();
  return normalized === 'true' || normalized === '1';
}

export function numberOr(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : fallback;
}
