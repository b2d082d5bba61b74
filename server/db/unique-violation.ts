/**
 * Which unique rule a failed INSERT or UPDATE broke, in either dialect, so a
 * race between two sign-ups with the same e-mail still ends in EMAIL_TAKEN
 * and not in a 500.
 */
export function uniqueViolationOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, message, constraint, detail } = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown };
  // SQLite: "UNIQUE constraint failed: users.email"; PostgreSQL: 23505 with the constraint's name.
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return String(message);
  if (code === '23505') return `${String(constraint)} ${String(detail)}`;
  return undefined;
}
