/**
 * How a typed query matches a place name, shared by the server's place search
 * (search-places) and the UI's offline fallback over saved results: case and
 * accents do not matter ("sao paulo" finds São Paulo), and a query matches the
 * start of the name or the start of its words ("york" finds New York).
 */

/** Lower case, accents removed, every run of non-letters and non-digits one space. */
export function foldPlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** How well a place matches, best first; `null` when it does not. */
export const PlaceMatch = {
  /** The name starts with the query: "pitts" → Pittsburgh. */
  namePrefix: 0,
  /** A word of the name starts with the query: "york" → New York. */
  nameWord: 1,
  /** Every word of the query starts a word of the full label (region, country): "paris france". */
  labelWords: 2,
} as const;
export type PlaceMatchTier = (typeof PlaceMatch)[keyof typeof PlaceMatch];

function wordsStartWith(words: readonly string[], query: string): boolean {
  return words.some((word) => word.startsWith(query));
}

/**
 * The match tier of a place for a folded query (see foldPlaceText). `name` is
 * the place's own name ("Washington"), `label` its full name ("Washington,
 * Pennsylvania, United States"); pass the label again when there is no other.
 */
export function placeMatchTier(foldedQuery: string, name: string, label: string = name): PlaceMatchTier | null {
  if (foldedQuery === '') return null;
  const foldedName = foldPlaceText(name);
  if (foldedName.startsWith(foldedQuery)) return PlaceMatch.namePrefix;
  // A multi-word query may span words of the name ("new yo"): match it at a word start.
  if (foldedName.includes(` ${foldedQuery}`)) return PlaceMatch.nameWord;
  const labelWords = foldPlaceText(label).split(' ');
  const queryWords = foldedQuery.split(' ');
  return queryWords.every((word) => wordsStartWith(labelWords, word)) ? PlaceMatch.labelWords : null;
}
