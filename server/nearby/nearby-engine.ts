/**
 * The nearby-store engine: the store lists of the home screen (delivery, self
 * pickup, by category), favourites, and the store sets of promo slides and
 * search, answered from memory.
 *
 * Why: building a list from the database cost about 1 ms of server time per
 * request (reading ~40 rows of 20 columns into objects, their opening hours
 * and review aggregates, Kysely building four queries, and serialising 15 kB
 * of JSON), so a list answered ~5 % of the trivial route's throughput. The
 * catalogue is small (10,000 stores is a few MB) and read far more often than
 * written, so every card is kept in memory with its JSON written once.
 *
 * How an answer is made: the grid (store-grid.ts) gives the stores that may
 * reach the point's cell, packed in one typed array; a chord-length check on
 * unit vectors (no trigonometry) drops most of them, the exact haversine
 * distance and the store's own rules decide, exactly as the SQL path did
 * (delivery type and radius, SELF_PICKUP_RADIUS_KM; stores-repository.ts
 * keeps that path as the reference the tests compare with); featured first,
 * then nearest, then id, sorted as indexes into typed arrays (Hits).
 * Each card's JSON is written once as UTF-8 up to the two per-request
 * fields, which come last (`"distance":` then `is_open`); their bytes come
 * from a table (distance to 0.1 km × open or closed), so an answer is two
 * copies per store, inside one buffer that holds the heads, the tails and
 * the chunks answers are sent from (card-slots.ts), sent by Fastify as it
 * is. is_open is a lookup of the minute of the week in the store's time
 * zone among its opening intervals, worked out once per store, cell and
 * minute and kept in the packed cell (the minute of the week per time zone
 * is worked out once a minute: Intl is slow).
 *
 * Per answer, the work is bounded by the stores that may reach the point
 * (~75 candidates and ~40 stores listed in the bench's city of 10,000), and
 * what it reads is laid out to be read in runs: a packed cell (everything
 * about its stores but their JSON), then per store listed one run of bytes,
 * the heads ordered along a Z-order curve so the stores of one answer sit
 * near each other. Chasing a pointer per store (card, Buffer, boxed number),
 * allocating per store, and Array#sort with a comparator were most of an
 * answer's time before. A list asked again at the very same point, with
 * nothing changed since in the same minute, is answered with the bytes
 * written the last time (answer-cache.ts).
 *
 * Freshness: database triggers (migration 0004) bump catalog_versions.version
 * in the writer's transaction on every write to restaurants, opening hours,
 * reviews and category links, and log the stores touched in catalog_changes.
 * The index carries the version it was built at. The engine reads the
 * current version
 *  - on SQLite, in-process with a prepared statement on the better-sqlite3
 *    connection (synchronous, a few microseconds): before the first answer
 *    after this process wrote anything, and otherwise at most every
 *    SQLITE_READ_MS (20 ms), so a write by another process on the same file
 *    shows within 20 ms and the read costs nothing per answer under load;
 *  - on PostgreSQL, every POLL_MS from a timer (one primary-key read, 5 per
 *    second per instance, nothing next to the traffic), and before every
 *    answer for a second after this process wrote anything (WriteWatcher),
 *    so a client sees its own writes at once. Every instance polls, so
 *    several instances converge within POLL_MS plus the time to reload.
 *    LISTEN/NOTIFY would save the poll but needs a dedicated connection and
 *    reconnect logic, and a poll would still be needed as a safety net.
 * When the version moved, one refresh runs at a time:
 *  - a few stores changed (at most PATCH_LIMIT in catalog_changes since the
 *    index's version): their cards are reloaded (a few indexed queries,
 *    about a millisecond) and swapped in synchronously; answers wait for
 *    this, so they never show data older than the version they read;
 *  - many changed, or the log was pruned past the index's version: the whole
 *    catalogue is reloaded in batches of BATCH stores (yielding to the event
 *    loop between them) into a new index, while answers keep coming from the
 *    old one; the new index replaces it in one assignment.
 * A write that lands during a refresh bumps the version again, so the next
 * check starts another refresh: the index may lag, but never stays behind.
 * After a full build the log is pruned to the last PRUNE_KEEP versions.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SELF_PICKUP_RADIUS_KM, offersDelivery, offersPickup, type Store } from '../../src/api/entities.ts';
import type { WriteWatcher } from '../db/write-watcher.ts';
import { distanceKm, EARTH_RADIUS_KM, roundKm, type GeoPoint } from '../geo/distance.ts';
import { localTime } from '../geo/opening-hours.ts';
import type { NearbyMode } from '../catalog/stores-repository.ts';
import { cardQueries, isOpenAtWeekMinute, loadCards, loadCardsAfter, unitVector, type StoreCard } from './store-cards.ts';
import { AnswerCache } from './answer-cache.ts';
import { CardSlots, tailEnd, tailIndex, tailOf, tailStart } from './card-slots.ts';
import { FEATURED, Packed, PACKED_STRIDE, StoreGrid, type PackedCards } from './store-grid.ts';

const POLL_MS = 200;
/** SQLite reads the version in-process (a prepared statement), at most this often unless this process wrote. */
const SQLITE_READ_MS = 20;
/** After a local write, answers read the version first for this long (covers a transaction's commit). */
const READ_YOUR_WRITES_MS = 1_000;
const PATCH_LIMIT = 200;
/**
 * Grid cells: a smaller cell means fewer stores to check per answer and more
 * cells per store. Delivery radii are a few km: 0.02° cells check about 1.8
 * stores per store kept (0.05°: 3.2). Self pickup reaches 10 km: 0.05°.
 */
const DELIVERY_CELL_DEGREES = 0.02;
const WIDE_CELL_DEGREES = 0.05;
const BATCH = 1_000;
const PRUNE_KEEP = 10_000;
const CATALOG = 'stores';

const delivers = (card: StoreCard) => offersDelivery(card.deliveryType);
const picksUp = (card: StoreCard) => offersPickup(card.deliveryType);

/** A store (of this delivery type and radius) within reach of the point, by the same rules as stores-repository.ts. */
function serves(mode: NearbyMode, type: number, radiusKm: number, km: number): boolean {
  const delivery = offersDelivery(type) && km <= radiusKm;
  if (mode === 'delivery') return delivery;
  const pickup = offersPickup(type) && km <= SELF_PICKUP_RADIUS_KM;
  return mode === 'selfpickup' ? pickup : delivery || pickup;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const EMPTY_LIST = Buffer.from('[]');

const NOTHING = () => undefined;
/** The release() of an answer that holds nothing to give back (the caller may skip calling it). */
export const NO_RELEASE = NOTHING;

/** An answer's JSON bytes; release() once they are sent (see CardSlots.take). */
export interface JsonAnswer {
  bytes: Buffer;
  release: () => void;
}

interface Hit {
  card: StoreCard;
  km: number;
  /** What favourites sort by: the distance as shown (roundKm). */
  rank: number;
}

/** Runs this long are sorted by insertion, then merged. */
const SORT_RUN = 16;

/**
 * The stores an answer lists, with what writing it takes (distance, where
 * the JSON head is, open or not), and their order: typed arrays reused from
 * answer to answer (an answer is collected, sorted and written
 * synchronously, so one set per engine is enough). Sorting an index array
 * with the comparison inlined costs a fraction of Array#sort with a
 * comparator over an array of objects made for the purpose.
 */
class Hits {
  cards: StoreCard[] = [];
  count = 0;
  km = new Float64Array(64);
  /** 0 for a featured store, 1 otherwise: featured first. */
  group = new Uint8Array(64);
  headStart = new Int32Array(64);
  headEnd = new Int32Array(64);
  open = new Uint8Array(64);
  /** The positions above, in answer order once sorted. */
  order = new Int32Array(64);
  #spare = new Int32Array(64);

  clear(): void {
    this.count = 0;
  }

  push(card: StoreCard, km: number, featured: boolean, headStart: number, headEnd: number, open: boolean): void {
    const at = this.count;
    if (at === this.km.length) this.#grow();
    this.cards[at] = card;
    this.km[at] = km;
    this.group[at] = featured ? 0 : 1;
    this.headStart[at] = headStart;
    this.headEnd[at] = headEnd;
    this.open[at] = open ? 1 : 0;
    this.order[at] = at;
    this.count = at + 1;
  }

  /** Featured first, then nearest, then by id (ids are unique: a total order, so the sort's stability does not matter). */
  sortNearby(): void {
    const n = this.count;
    let order = this.order;
    let spare = this.#spare;
    for (let start = 0; start < n; start += SORT_RUN) {
      const end = Math.min(n, start + SORT_RUN);
      for (let i = start + 1; i < end; i += 1) {
        const moving = order[i] as number;
        let j = i - 1;
        while (j >= start && this.#before(moving, order[j] as number)) {
          order[j + 1] = order[j] as number;
          j -= 1;
        }
        order[j + 1] = moving;
      }
    }
    for (let width = SORT_RUN; width < n; width *= 2) {
      for (let low = 0; low < n; low += 2 * width) {
        const middle = Math.min(n, low + width);
        const high = Math.min(n, low + 2 * width);
        let i = low;
        let j = middle;
        let k = low;
        while (i < middle && j < high) {
          if (this.#before(order[j] as number, order[i] as number)) spare[k++] = order[j++] as number;
          else spare[k++] = order[i++] as number;
        }
        while (i < middle) spare[k++] = order[i++] as number;
        while (j < high) spare[k++] = order[j++] as number;
      }
      [order, spare] = [spare, order];
    }
    this.order = order;
    this.#spare = spare;
  }

  #before(a: number, b: number): boolean {
    const groupA = this.group[a] as number;
    const groupB = this.group[b] as number;
    if (groupA !== groupB) return groupA < groupB;
    const kmA = this.km[a] as number;
    const kmB = this.km[b] as number;
    if (kmA !== kmB) return kmA < kmB;
    // Rare (two stores at the same spot): only then read the cards.
    return (this.cards[a] as StoreCard).id < (this.cards[b] as StoreCard).id;
  }

  #grow(): void {
    const size = this.km.length * 2;
    const grown = <T extends Float64Array | Uint8Array | Int32Array>(from: T, to: T) => {
      to.set(from);
      return to;
    };
    this.km = grown(this.km, new Float64Array(size));
    this.group = grown(this.group, new Uint8Array(size));
    this.headStart = grown(this.headStart, new Int32Array(size));
    this.headEnd = grown(this.headEnd, new Int32Array(size));
    this.open = grown(this.open, new Uint8Array(size));
    this.order = grown(this.order, new Int32Array(size));
    this.#spare = new Int32Array(size);
  }
}

class StoreIndex {
  readonly cards = new Map<number, StoreCard>();
  readonly slots = new CardSlots();
  readonly grids: Record<NearbyMode, StoreGrid> = {
    delivery: new StoreGrid(DELIVERY_CELL_DEGREES, (card) => (delivers(card) ? card.deliveryRadiusKm : 0)),
    selfpickup: new StoreGrid(WIDE_CELL_DEGREES, (card) => (picksUp(card) ? SELF_PICKUP_RADIUS_KM : 0)),
    any: new StoreGrid(WIDE_CELL_DEGREES, (card) =>
      Math.max(delivers(card) ? card.deliveryRadiusKm : 0, picksUp(card) ? SELF_PICKUP_RADIUS_KM : 0),
    ),
  };
  constructor(public version: number) {}

  /** Replaces these stores' cards (a store without a new card was deleted). Synchronous: answers see all or nothing. */
  apply(storeIds: Iterable<number>, cards: readonly StoreCard[]): void {
    for (const id of storeIds) {
      const old = this.cards.get(id);
      if (!old) continue;
      for (const grid of Object.values(this.grids)) grid.remove(old);
      this.slots.remove(old);
      this.cards.delete(id);
    }
    for (const card of cards) {
      this.cards.set(card.id, card);
      this.slots.add(card);
      for (const grid of Object.values(this.grids)) grid.add(card);
    }
  }

  /**
   * The stores serving the point in this mode (and of these categories), into
   * `hits`: featured first, then nearest, then by id. `opening` says whether
   * a store is open (for a store whose cell has not worked it out this minute).
   */
  near(point: GeoPoint, mode: NearbyMode, categoryIds: readonly number[] | undefined, hits: Hits, opening: Opening): Hits {
    const { x, y, z } = unitVector(point.latitude, point.longitude);
    hits.clear();
    const grid = this.grids[mode];
    collect(grid.packedCell(point, this.slots), point, x, y, z, mode, categoryIds, hits, opening);
    const everywhere = grid.packedEverywhere(this.slots);
    if (everywhere.cards.length > 0) collect(everywhere, point, x, y, z, mode, categoryIds, hits, opening);
    hits.sortNearby();
    return hits;
  }

  /** These stores, nearest to the point first (favourites). */
  byIds(ids: readonly number[], point: GeoPoint, opening: Opening): Hits {
    const found: Hit[] = [];
    for (const id of new Set(ids)) {
      const card = this.cards.get(id);
      if (card) {
        const km = distanceKm(point, card);
        found.push({ card, km, rank: roundKm(km) });
      }
    }
    found.sort((a, b) => a.rank - b.rank || a.card.id - b.card.id);
    const hits = new Hits();
    for (const { card, km } of found) {
      hits.push(card, km, card.isFeatured, this.slots.headStart(card), this.slots.headEnd(card), opening.isOpen(card));
    }
    return hits;
  }
}

/** Copies memory[start, end) to `out` at `to` (out is memory itself when inChunk); where the next bytes go. */
function copy(memory: Uint8Array, out: Uint8Array, inChunk: boolean, to: number, start: number, end: number): number {
  if (inChunk) memory.copyWithin(to, start, end);
  else out.set(memory.subarray(start, end), to);
  return to + end - start;
}

/**
 * The stores of a packed cell that serve the point. The chord between unit
 * vectors, against each store's bound, drops most of them without any
 * trigonometry (or reading the card); the exact distance and the store's own
 * rules decide for the rest.
 */
function collect(
  packed: PackedCards,
  point: GeoPoint,
  x: number,
  y: number,
  z: number,
  mode: NearbyMode,
  categoryIds: readonly number[] | undefined,
  hits: Hits,
  opening: Opening,
): void {
  const { cards, numbers } = packed;
  const cosLatitude = Math.cos(toRadians(point.latitude));
  const minute = opening.minute;
  for (let i = 0, at = 0; i < cards.length; i += 1, at += PACKED_STRIDE) {
    const dx = (numbers[at + Packed.x] as number) - x;
    const dy = (numbers[at + Packed.y] as number) - y;
    const dz = (numbers[at + Packed.z] as number) - z;
    if (dx * dx + dy * dy + dz * dz > (numbers[at + Packed.reachChord2] as number)) continue;
    if (categoryIds && !inCategories(cards[i] as StoreCard, categoryIds)) continue;
    const km = storeDistanceKm(
      point,
      cosLatitude,
      numbers[at + Packed.latitude] as number,
      numbers[at + Packed.longitude] as number,
      numbers[at + Packed.cosLatitude] as number,
    );
    const kind = numbers[at + Packed.kind] as number;
    if (!serves(mode, kind % FEATURED, numbers[at + Packed.deliveryRadiusKm] as number, km)) continue;
    // Whether it is open: worked out once per minute per store of the cell, kept in the cell.
    const memo = numbers[at + Packed.openMemo] as number;
    let open: boolean;
    if (memo >= 0 && Math.floor(memo / 2) === minute) open = memo % 2 === 1;
    else {
      open = opening.isOpen(cards[i] as StoreCard);
      numbers[at + Packed.openMemo] = minute * 2 + (open ? 1 : 0);
    }
    hits.push(
      cards[i] as StoreCard,
      km,
      kind >= FEATURED,
      numbers[at + Packed.headStart] as number,
      numbers[at + Packed.headEnd] as number,
      open,
    );
  }
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** The store's place on a Z-order curve (15 bits of latitude and of longitude, interleaved): near on the map, near in the order. */
function spatialKey(card: StoreCard): number {
  return interleaved((card.latitude + 90) / 180) * 2 + interleaved((card.longitude + 180) / 360);
}

/** The first 15 bits of a fraction in [0, 1], spread to the even bits. */
function interleaved(fraction: number): number {
  const bits = Math.min(0x7fff, Math.max(0, Math.floor(fraction * 0x8000)));
  let spread = 0;
  for (let bit = 0; bit < 15; bit += 1) spread |= ((bits >> bit) & 1) << (2 * bit);
  return spread;
}

/**
 * distanceKm(point, store) with both cosines of latitude worked out before
 * (the point's once per answer, the store's when its cell was packed): the
 * same operations in the same order on the same numbers, so the same result
 * to the last bit (tests/server/nearby/nearby-engine.test.ts checks), with two
 * fewer cosines per store.
 */
export function storeDistanceKm(
  point: GeoPoint,
  pointCosLatitude: number,
  latitude: number,
  longitude: number,
  cosLatitude: number,
): number {
  const dLat = toRadians(latitude - point.latitude);
  const dLng = toRadians(longitude - point.longitude);
  const h = Math.sin(dLat / 2) ** 2 + pointCosLatitude * cosLatitude * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

function inCategories(card: StoreCard, categoryIds: readonly number[]): boolean {
  return categoryIds.some((id) => card.categoryIds.includes(id));
}

/** The minute of the week (0 = Sunday 00:00) in each time zone, worked out once per minute. */
class WeekClock {
  #minute = -1;
  readonly #byZone = new Map<string, number>();

  weekMinute(timeZone: string, now: number): number {
    const minute = Math.floor(now / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#byZone.clear();
    }
    let weekMinute = this.#byZone.get(timeZone);
    if (weekMinute === undefined) {
      const local = localTime(new Date(minute * 60_000), timeZone);
      weekMinute = local.day * 1440 + local.minute;
      this.#byZone.set(timeZone, weekMinute);
    }
    return weekMinute;
  }
}

/** Whether a store is open at `now`: one per engine, `now` and `minute` set per answer (NearbyEngine.#opening). */
class Opening {
  now = 0;
  /** Date.now() / 60 000, floored: what the packed cells' open flags are kept for. */
  minute = 0;
  constructor(readonly clock: WeekClock) {}

  isOpen(card: StoreCard): boolean {
    return isOpenAtWeekMinute(card.openMinutes, this.clock.weekMinute(card.timezone, this.now));
  }
}

export interface NearbyEngineOptions {
  writes?: WriteWatcher;
  log?: FastifyBaseLogger;
  /** The answer cache's budget in bytes (answer-cache.ts); 0 turns it off. */
  answerCacheBytes?: number;
}

export interface CatalogVersion {
  version: number;
  prunedThrough: number;
}

export class NearbyEngine {
  readonly #app: FastifyInstance;
  readonly #options: NearbyEngineOptions;
  readonly #clock = new WeekClock();
  readonly #openingNow = new Opening(this.#clock);
  readonly #answers: AnswerCache;
  /** Where a list is collected and sorted (synchronously, one at a time). */
  readonly #hits = new Hits();
  /** Per store of the answer being written, its tail's index in the table (reused). */
  #tails = new Int32Array(64);
  /** SQLite: the version as one prepared statement on the raw connection. */
  readonly #sqliteVersion: (() => number) | undefined;
  /** SQLite: Date.now() of the last read of the version. */
  #sqliteReadAt = 0;
  #index: StoreIndex | undefined;
  #starting: Promise<void> | undefined;
  /** The version last read from the database (PostgreSQL). */
  #seen = 0;
  #refresh: Promise<void> | undefined;
  /** Resolves when the running refresh is done or has gone to the background (a full rebuild). */
  #settled: Promise<void> = Promise.resolve();
  /** A full rebuild is running: answers come from the old index meanwhile. */
  #rebuilding = false;
  #read: { startedAt: number; promise: Promise<CatalogVersion> } | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(app: FastifyInstance, options: NearbyEngineOptions = {}) {
    this.#app = app;
    this.#options = options;
    this.#answers = new AnswerCache(options.answerCacheBytes);
    this.#sqliteVersion = app.catalogChangesRepository.versionReader(CATALOG);
  }

  /** Builds the index (once) and, on PostgreSQL, starts polling the version. */
  start(): Promise<void> {
    this.#starting ??= (async () => {
      const index = await this.#buildIndex();
      this.#index = index;
      if (!this.#sqliteVersion && !this.#closed) {
        this.#timer = setInterval(() => void this.#poll(), POLL_MS);
        this.#timer.unref();
      }
    })();
    return this.#starting;
  }

  /** Stops polling and waits for a running refresh, so nothing queries a closing database. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#refresh?.catch(() => undefined);
  }

  /** The version the index was built at (tests, diagnostics). */
  get version(): number {
    return this.#index?.version ?? 0;
  }

  /** Reads the version now and waits until the index has caught up with it, full rebuild included (tests). */
  async catchUp(): Promise<void> {
    await this.start();
    for (;;) {
      const { version } = await this.#readVersion();
      if (version <= this.version) return;
      this.#kick();
      await this.#refresh;
    }
  }

  /**
   * A store list's JSON (UTF-8), assembled from the cards' JSON, or the same
   * bytes again when this very list was asked for at this very point since
   * the index last changed, in the same minute (AnswerCache).
   */
  async listJson(point: GeoPoint, mode: NearbyMode, categoryIds?: readonly number[]): Promise<JsonAnswer> {
    const index = this.#freshNow() ?? (await this.#fresh());
    const opening = this.#opening();
    const key = AnswerCache.key(point, mode, categoryIds);
    const cached = this.#answers.get(key, index, index.version, opening.minute);
    if (cached) return { bytes: cached, release: NO_RELEASE };
    const answer = this.#json(index.slots, index.near(point, mode, categoryIds, this.#hits, opening));
    if (!this.#answers.admit(key)) return answer;
    // Asked before: a copy of its own, kept for the next ask; the chunk goes back at once.
    const bytes = Buffer.from(answer.bytes);
    answer.release();
    this.#answers.set(key, bytes);
    return { bytes, release: NO_RELEASE };
  }

  /** The answer cache's hits and misses so far (tests, diagnostics). */
  get answerCacheCounts(): { hits: number; misses: number; answers: number; bytes: number } {
    return { hits: this.#answers.hits, misses: this.#answers.misses, ...this.#answers.size };
  }

  /** A store list as objects (promo slides, search). */
  async list(point: GeoPoint, mode: NearbyMode, categoryIds?: readonly number[]): Promise<Store[]> {
    const index = await this.#fresh();
    return this.#stores(index.near(point, mode, categoryIds, this.#hits, this.#opening()));
  }

  /** These stores (favourites) as a list's JSON, nearest first. */
  async byIdsJson(ids: readonly number[], point: GeoPoint): Promise<JsonAnswer> {
    const index = await this.#fresh();
    return this.#json(index.slots, index.byIds(ids, point, this.#opening()));
  }

  /** The answer's bytes: per store, its JSON head and its distance-and-is_open tail, copied into one buffer. */
  #json(slots: CardSlots, hits: Hits): JsonAnswer {
    const count = hits.count;
    if (count === 0) return { bytes: EMPTY_LIST, release: NOTHING };
    if (this.#tails.length < count) this.#tails = new Int32Array(count * 2);
    const tails = this.#tails;
    const { order, km, open, headStart, headEnd } = hits;
    let length = 2;
    for (let i = 0; i < count; i += 1) {
      const at = order[i] as number;
      const tail = tailIndex(km[at] as number, open[at] === 1);
      tails[i] = tail;
      length += (headEnd[at] as number) - (headStart[at] as number);
      length += tail >= 0 ? tailEnd(tail) - tailStart(tail) : tailOf(roundKm(km[at] as number), open[at] === 1).length;
    }
    // The first head goes without its leading comma, which the '[' replaces.
    const answer = slots.take(length - 1);
    const memory = slots.memory;
    // In a chunk: copies inside `memory`. Alone: copies from `memory` into the answer's own buffer.
    const inChunk = answer.at >= 0;
    const base = inChunk ? answer.at : 0;
    const out = inChunk ? memory : answer.bytes;
    let written = base;
    for (let i = 0; i < count; i += 1) {
      const at = order[i] as number;
      written = copy(memory, out, inChunk, written, headStart[at] as number, headEnd[at] as number);
      const tail = tails[i] as number;
      if (tail >= 0) written = copy(memory, out, inChunk, written, tailStart(tail), tailEnd(tail));
      else {
        const bytes = tailOf(roundKm(km[at] as number), open[at] === 1);
        out.set(bytes, written);
        written += bytes.length;
      }
    }
    out[base] = OPEN_BRACKET;
    out[written] = CLOSE_BRACKET;
    return answer;
  }

  #stores(hits: Hits): Store[] {
    const stores: Store[] = [];
    for (let i = 0; i < hits.count; i += 1) {
      const at = hits.order[i] as number;
      const card = hits.cards[at] as StoreCard;
      stores.push({ ...card.fields, distance: roundKm(hits.km[at] as number), is_open: hits.open[at] === 1 });
    }
    return stores;
  }

  /** Whether stores are open now (the minute of the week in each store's time zone, among its opening intervals). */
  #opening(): Opening {
    const now = Date.now();
    const opening = this.#openingNow;
    if (opening.now !== now) {
      opening.now = now;
      opening.minute = Math.floor(now / 60_000);
    }
    return opening;
  }

  /** The index, after catching up with the database as far as the answer must (see the header). */
  async #fresh(): Promise<StoreIndex> {
    if (!this.#index) await this.start();
    let current: number;
    if (this.#sqliteVersion) current = this.#sqliteCurrent(this.#sqliteVersion);
    else if (Date.now() - (this.#options.writes?.lastWriteAt ?? 0) < READ_YOUR_WRITES_MS) current = (await this.#readVersion()).version;
    else current = this.#seen;
    // A refresh that started before this version was written may not cover it: go again (rarely more than once).
    for (let round = 0; round < 3 && current > (this.#index as StoreIndex).version && !this.#rebuilding; round += 1) {
      this.#kick();
      await this.#settled;
    }
    return this.#index as StoreIndex;
  }

  /** #fresh() without waiting, in the usual case where there is nothing to wait for; undefined otherwise. */
  #freshNow(): StoreIndex | undefined {
    const index = this.#index;
    if (!index) return undefined;
    let current: number;
    if (this.#sqliteVersion) current = this.#sqliteCurrent(this.#sqliteVersion);
    else if (Date.now() - (this.#options.writes?.lastWriteAt ?? 0) < READ_YOUR_WRITES_MS) return undefined;
    else current = this.#seen;
    return current > index.version && !this.#rebuilding ? undefined : index;
  }

  /** SQLite: the version, read every SQLITE_READ_MS, and on the first answer after this process wrote. */
  #sqliteCurrent(read: () => number): number {
    const now = Date.now();
    if (now - this.#sqliteReadAt >= SQLITE_READ_MS || (this.#options.writes?.lastWriteAt ?? 0) >= this.#sqliteReadAt) {
      this.#sqliteReadAt = now;
      this.#seen = read();
    }
    return this.#seen;
  }

  async #poll(): Promise<void> {
    try {
      await this.#readVersion();
      if (this.#seen > this.version) this.#kick();
    } catch (error) {
      this.#options.log?.warn({ err: error }, 'nearby engine: reading the catalogue version failed');
    }
  }

  /** One read of the version in flight at a time, shared by everyone who arrived after it started. */
  #readVersion(): Promise<CatalogVersion> {
    const lastWrite = this.#options.writes?.lastWriteAt ?? 0;
    if (this.#read && this.#read.startedAt > lastWrite) return this.#read.promise;
    const startedAt = Date.now();
    const promise = (async () => {
      const row = await this.#app.catalogChangesRepository.versionOf(CATALOG);
      const version = { version: Number(row.version), prunedThrough: Number(row.pruned_through) };
      this.#seen = version.version;
      return version;
    })();
    const read = { startedAt, promise };
    this.#read = read;
    void promise.finally(() => {
      if (this.#read === read) this.#read = undefined;
    }).catch(() => undefined);
    return promise;
  }

  /** Starts a refresh unless one runs. */
  #kick(): void {
    if (this.#refresh || this.#closed) return;
    let settle: () => void = () => undefined;
    this.#settled = new Promise((resolve) => (settle = resolve));
    this.#refresh = this.#catchUpOnce(settle)
      .catch((error: unknown) => this.#options.log?.error({ err: error }, 'nearby engine: refresh failed'))
      .finally(() => {
        settle();
        // A write during the refresh is caught by the next check (every answer on SQLite, the poll on PostgreSQL).
        this.#refresh = undefined;
      });
  }

  async #catchUpOnce(settle: () => void): Promise<void> {
    const index = this.#index as StoreIndex;
    const { version, prunedThrough } = await this.#readVersion();
    if (version <= index.version) return;
    if (prunedThrough <= index.version) {
      const changed = await cardQueries(this.#app).changedSince(index.version, PATCH_LIMIT + 1).execute();
      if (changed.length <= PATCH_LIMIT) {
        const ids = changed.map((row) => Number(row.restaurant_id));
        const cards = await loadCards(this.#app, ids);
        if (this.#index !== index) return;
        index.apply(ids, cards);
        index.version = Math.max(index.version, version);
        return;
      }
    }
    // Much changed: answers go on from the old index while the new one loads.
    this.#rebuilding = true;
    settle();
    try {
      const fresh = await this.#buildIndex();
      if (!this.#closed) this.#index = fresh;
    } finally {
      this.#rebuilding = false;
    }
  }

  /** The whole catalogue, in batches; the version is read first, so anything written meanwhile is caught up later. */
  async #buildIndex(): Promise<StoreIndex> {
    const { version } = await this.#readVersion();
    const index = new StoreIndex(version);
    const all: StoreCard[] = [];
    let afterId = 0;
    for (;;) {
      const cards = await loadCardsAfter(this.#app, afterId, BATCH);
      all.push(...cards);
      if (cards.length < BATCH) break;
      afterId = (cards[cards.length - 1] as StoreCard).id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Neighbours next to each other in memory (slots and heads are given in this order): the stores of
    // one answer are a few runs of memory, not 40 places among megabytes (cache and TLB misses).
    all.sort((a, b) => spatialKey(a) - spatialKey(b) || a.id - b.id);
    for (let start = 0; start < all.length; start += BATCH) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      index.apply([], all.slice(start, start + BATCH));
    }
    await this.#prune(version);
    return index;
  }

  /** Keeps the last PRUNE_KEEP versions of the change log; an instance further behind rebuilds in full. */
  async #prune(version: number): Promise<void> {
    const through = version - PRUNE_KEEP;
    if (through <= 0) return;
    const changes = this.#app.catalogChangesRepository;
    await this.#app.db.transaction().execute(async (trx) => {
      const updated = await changes.markPrunedThrough(CATALOG, through, trx);
      if (Number(updated.numUpdatedRows) > 0) await changes.deleteChangesThrough(through, trx);
    });
  }
}
