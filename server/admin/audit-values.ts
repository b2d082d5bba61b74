/**
 * How long values appear in the audit trail: a style sheet or a page body
 * of many kilobytes would make every audit row as big, so past
 * AUDITED_TEXT_MAX characters the row keeps the start and the full length.
 */
export const AUDITED_TEXT_MAX = 500;

export function auditedText(value: string): string {
  const characters = [...value];
  if (characters.length <= AUDITED_TEXT_MAX) return value;
  return `${characters.slice(0, AUDITED_TEXT_MAX).join('')}… (${characters.length} characters)`;
}
