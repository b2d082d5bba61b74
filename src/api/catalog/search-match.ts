/**
 * How a search finds food, written once for the server's search-restaurants
 * and the app's search over its replica: every word typed must match a word
 * of the text (a store's name or description, a dish's name or its menu
 * section), where "match" forgives what people type on a phone:
 *
 * - the start of a word ("marg" finds "Margherita");
 * - plural and singular ("pizzas" finds "Pizza", "pizza" finds "Pizzas");
 * - accents ("jalapeno" finds "Jalapeño");
 * - a typo: one wrong, missing, extra or swapped letter in a word of four
 *   letters or more, two in a word of eight or more ("magherita", "piza").
 *
 * Pure: no DOM, no Node, so the server, the worker and the UI share it.
 */

/** Words of a text, lower case, accents removed, split on anything that is not a letter or a digit. */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The singular a plural most likely stands for: "pizzas" → "pizza", "dishes" → "dish", "berries" → "berry". */
function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ch|sh|ss|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** How many typos a typed word of this length may hold. */
function typosAllowed(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/**
 * Optimal string alignment distance (Levenshtein plus swapped neighbours),
 * giving up once it must exceed `limit` (answers limit + 1 then).
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** Whether one typed word matches one word of the text. */
function wordMatches(typed: string, word: string): boolean {
  if (word.startsWith(typed)) return true;
  const typedStem = singular(typed);
  const wordStem = singular(word);
  if (wordStem.startsWith(typedStem)) return true;
  const allowed = typosAllowed(typed.length);
  if (allowed === 0) return false;
  // A typo in the whole word ("magherita"), or in the part typed so far ("margeh" for "margherita").
  if (editDistance(typedStem, wordStem, allowed) <= allowed) return true;
  return word.length > typed.length && editDistance(typed, word.slice(0, typed.length), allowed) <= allowed;
}

/** A query prepared once for many texts. */
export interface SearchQuery {
  words: string[];
}

export function searchQuery(text: string): SearchQuery {
  return { words: searchWords(text) };
}

/** True when every word of the query matches a word of one of the texts (an empty query matches nothing). */
export function matchesSearch(query: SearchQuery, ...texts: (string | null | undefined)[]): boolean {
  if (query.words.length === 0) return false;
  const words = texts.flatMap(searchWords);
  return query.words.every((typed) => words.some((word) => wordMatches(typed, word)));
}
