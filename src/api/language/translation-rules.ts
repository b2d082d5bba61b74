/**
 * What a translation may say, written once for the console's editor and the
 * server (admin/save-translations): a text fills only the `{name}`
 * placeholders its English text has (formatText leaves any other one on the
 * screen as it is written).
 */
const PLACEHOLDER = /\{(\w+)\}/g;

export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/** What is wrong with a translation of the English text, in words for the console; undefined when it is fine. */
export function translationProblem(english: string, text: string): string | undefined {
  const known = placeholdersOf(english);
  const unknown = placeholdersOf(text).filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  const allowed = known.length === 0 ? 'this text has no placeholders' : `this text has ${known.map((name) => `{${name}}`).join(', ')}`;
  return `uses ${unknown.map((name) => `{${name}}`).join(', ')}, which the app never fills (${allowed})`;
}
