/**
 * Store lists already written, by the exact point they were asked for (and
 * the list: delivery, self pickup, categories), so the same question asked
 * again answers with the same bytes without looking anything up: a home
 * screen refreshed from a saved address, the popular locations everyone
 * picks, a list reopened.
 *
 * Never an answer for another point: the key is the point's coordinates as
 * sent (every distinct number is a distinct key), not a rounded point, since
 * distances (to 0.1 km) and who delivers (the radius) depend on the exact
 * point. Never an old answer: the whole cache belongs to one state of the
 * index (the index object, its catalogue version) and one minute (is_open),
 * and is emptied as soon as any of them changes: a store written, the
 * catalogue rebuilt, the clock's minute turned. Bounded by bytes; answers
 * not asked since they were last passed over go first (CLOCK, a cheap
 * approximation of least recently used: a hit only sets a flag).
 *
 * Only a question asked before is kept (admit()): a point asked once, as
 * most are where customers send their GPS position, costs no copy and no
 * memory for an answer nobody asks again; only its key is noted, in a set
 * bounded by SEEN_KEYS. (Keeping every answer made each new point a 19 kB
 * allocation: at thousands a second the collector ran all the time and the
 * p99 of new points tripled.) The keys of answers dropped because the state
 * or the minute changed count as asked before, so a popular point is kept
 * again at its next ask.
 */
import type { NearbyMode } from '../catalog/stores-repository.ts';

/** The default budget: a few thousand answers of the bench's size (~19 kB each). */
export const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;
/** Keys asked once and not (yet) kept: past this many, the note starts again empty. */
const SEEN_KEYS = 1 << 16;

export class AnswerCache {
  readonly #maxBytes: number;
  /** In insertion order: eviction looks from the start, giving an answer asked since it was inserted a second chance. */
  readonly #answers = new Map<string, { bytes: Buffer; asked: boolean }>();
  readonly #seen = new Set<string>();
  #bytes = 0;
  #state: object | undefined;
  #version = -1;
  #minute = -1;
  hits = 0;
  misses = 0;

  constructor(maxBytes: number = ANSWER_CACHE_BYTES) {
    this.#maxBytes = maxBytes;
  }

  static key(point: { latitude: number; longitude: number }, mode: NearbyMode, categoryIds?: readonly number[]): string {
    const where = `${mode}:${point.latitude},${point.longitude}`;
    return categoryIds ? `${where}:${categoryIds.join(',')}` : where;
  }

  /**
   * Makes the cache the one of this index state and minute (emptying it if
   * it was another's), then answers the bytes cached under `key`, if any.
   */
  get(key: string, state: object, version: number, minute: number): Buffer | undefined {
    if (state !== this.#state || version !== this.#version || minute !== this.#minute) {
      for (const asked of this.#answers.keys()) this.#note(asked);
      this.clear();
      this.#state = state;
      this.#version = version;
      this.#minute = minute;
    }
    const answer = this.#answers.get(key);
    if (answer === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    answer.asked = true;
    return answer.bytes;
  }

  /** Whether the answer to `key`, just missed, is worth keeping: it was asked before. Notes the ask otherwise. */
  admit(key: string): boolean {
    if (this.#maxBytes <= 0) return false;
    if (this.#seen.delete(key)) return true;
    this.#note(key);
    return false;
  }

  #note(key: string): void {
    if (this.#seen.size >= SEEN_KEYS) this.#seen.clear();
    this.#seen.add(key);
  }

  /** Keeps `bytes` (which must never change afterwards) under `key`, for the state and minute of the last get(). */
  set(key: string, bytes: Buffer): void {
    // An answer too large to leave room for a few others is not kept.
    if (this.#maxBytes <= 0 || bytes.length > this.#maxBytes / 4) return;
    const old = this.#answers.get(key);
    if (old) {
      this.#answers.delete(key);
      this.#bytes -= old.bytes.length;
    }
    this.#answers.set(key, { bytes, asked: false });
    this.#bytes += bytes.length;
    // Map iteration goes on into entries added meanwhile: one given a second chance comes round again, unflagged.
    for (const [oldest, answer] of this.#answers) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#answers.delete(oldest);
      if (answer.asked) {
        answer.asked = false;
        this.#answers.set(oldest, answer);
      } else this.#bytes -= answer.bytes.length;
    }
  }

  clear(): void {
    this.#answers.clear();
    this.#bytes = 0;
  }

  /** Answers and bytes held (tests, diagnostics). */
  get size(): { answers: number; bytes: number } {
    return { answers: this.#answers.size, bytes: this.#bytes };
  }
}
