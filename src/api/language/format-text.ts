/**
 * Filling a text's placeholders, apart from the texts themselves: the UI
 * formats every text it shows, and importing the English table for that
 * would put all of it in the first route (the bundler cannot drop a merge of
 * spreads). The UI's words come from the replica (language/texts.ts is the
 * worker's and the server's).
 */
import type { TextKey } from './texts.ts';

/** A screen's words for a key, with its values filled in (the chosen language, else English). */
export type Translate = (key: TextKey, values?: Record<string, string | number>) => string;

/** Unicode's first-strong isolate and its end: what they enclose takes its own direction, and the text around it keeps its own. */
export const ISOLATE_START = '\u2068';
export const ISOLATE_END = '\u2069';

/**
 * Fills `{name}` placeholders. With `isolate` (a right-to-left language),
 * each value is set apart in Unicode isolates, so a store's English name, an
 * address ending in a number or a price keeps its own order inside an Arabic
 * sentence ("Market Street, Riverton 12", not "12 Market Street, Riverton").
 */
export function formatText(template: string, values: Record<string, string | number> = {}, { isolate = false }: { isolate?: boolean } = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!(name in values)) return whole;
    const value = String(values[name]);
    return isolate && value !== '' ? `${ISOLATE_START}${value}${ISOLATE_END}` : value;
  });
}
