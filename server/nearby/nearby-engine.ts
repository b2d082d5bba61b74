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
 * reach the point's cell; a chord-length check on unit vectors (no
 * trigonometry) drops most of them, the exact haversine distance and the
 * store's own rules decide, exactly as the SQL path did (delivery type and
 * radius, SELF_PICKUP_RADIUS_KM; stores-repository.ts keeps that path as the
 * reference the tests compare with); featured first, then nearest, then id.
 * Each card's JSON is written once as UTF-8 up to the two per-request
 * fields, which come last (`"distance":` then `is_open`); their bytes come
 * from a table (distance to 0.1 km × open or closed), so an answer is two
 * copies per store into a reused buffer (AnswerBuffers), sent by Fastify as
 * it is. is_open is a lookup of the minute of the week in the store's time
 * zone among its opening intervals; the minute of the week per time zone is
 * worked out once a minute (Intl is slow), not once per store.
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
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { SELF_PICKUP_RADIUS_KM, type Store } from '../../src/api/index.ts';
import { sqliteHandleOf } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import type { WriteWatcher } from '../db/write-watcher.ts';
import { distanceKm, roundKm, type GeoPoint } from '../geo/distance.ts';
import { localTime } from '../geo/opening-hours.ts';
import type { NearbyMode } from '../repositories/stores-repository.ts';
import { cardQueries, chord2, isOpenAtWeekMinute, loadCards, loadCardsAfter, unitVector, type StoreCard } from './store-cards.ts';
import { StoreGrid } from './store-grid.ts';

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

const delivers = (card: StoreCard) => card.deliveryType === 1 || card.deliveryType === 3;
const picksUp = (card: StoreCard) => card.deliveryType === 2 || card.deliveryType === 3;

const PICKUP_CHORD2 = chord2(SELF_PICKUP_RADIUS_KM);

/** A store within reach of the point, by the same rules as stores-repository.ts. */
function serves(mode: NearbyMode, card: StoreCard, km: number): boolean {
  const delivery = delivers(card) && km <= card.deliveryRadiusKm;
  if (mode === 'delivery') return delivery;
  const pickup = picksUp(card) && km <= SELF_PICKUP_RADIUS_KM;
  return mode === 'selfpickup' ? pickup : delivery || pickup;
}

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const EMPTY_LIST = Buffer.from('[]');

/** The end of a card: its distance as the card shows it (roundKm, as JSON writes it) and is_open. */
const tailOf = (distance: number, open: boolean) => Buffer.from(`${JSON.stringify(distance)},"is_open":${open}}`);
/** The tails of the first 200 km, by tenths of a km: [closed, open]. */
const TAILS = Array.from({ length: 2001 }, (_, tenths) => [tailOf(roundKm(tenths / 10), false), tailOf(roundKm(tenths / 10), true)]);
function jsonTail(km: number, open: boolean): Buffer {
  const distance = roundKm(km);
  return TAILS[Math.round(distance * 10)]?.[open ? 1 : 0] ?? tailOf(distance, open);
}

/**
 * The buffers answers are written into, reused: one fresh 19 kB ArrayBuffer
 * per answer is external memory V8 counts towards its next full collection,
 * and at thousands of answers a second the collector ran all the time. An
 * answer's buffer comes back once the response has finished (handed to the
 * kernel); one that never finishes (the client went away) is simply dropped.
 */
class AnswerBuffers {
  static readonly SIZE = 32 * 1024;
  static readonly KEEP = 256;
  readonly #free: Buffer[] = [];

  /** `length` bytes, and the function that gives them back (call it only when nothing reads them any more). */
  take(length: number): { bytes: Buffer; release: () => void } {
    if (length > AnswerBuffers.SIZE) return { bytes: Buffer.allocUnsafe(length), release: NOTHING };
    const chunk = this.#free.pop() ?? Buffer.allocUnsafeSlow(AnswerBuffers.SIZE);
    return {
      bytes: chunk.subarray(0, length),
      release: () => {
        if (this.#free.length < AnswerBuffers.KEEP) this.#free.push(chunk);
      },
    };
  }
}
const NOTHING = () => undefined;

/** An answer's JSON bytes; release() once they are sent (see AnswerBuffers). */
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

class StoreIndex {
  readonly cards = new Map<number, StoreCard>();
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
      this.cards.delete(id);
    }
    for (const card of cards) {
      this.cards.set(card.id, card);
      for (const grid of Object.values(this.grids)) grid.add(card);
    }
  }

  /** The stores serving the point in this mode (and of these categories): featured first, then nearest, then by id. */
  near(point: GeoPoint, mode: NearbyMode, categoryIds?: readonly number[]): Hit[] {
    const { x, y, z } = unitVector(point.latitude, point.longitude);
    const hits: Hit[] = [];
    const { cell, everywhere } = this.grids[mode].candidates(point);
    const checkDelivery = mode !== 'selfpickup';
    const checkPickup = mode !== 'delivery';
    for (const list of [cell, everywhere]) {
      for (let i = 0; i < list.length; i += 1) {
        const card = list[i] as StoreCard;
        // The chord between unit vectors: no trigonometry for the many stores out of reach.
        const dx = card.x - x;
        const dy = card.y - y;
        const dz = card.z - z;
        const d2 = dx * dx + dy * dy + dz * dz;
        if (!((checkDelivery && d2 <= card.deliveryChord2 && delivers(card)) || (checkPickup && d2 <= PICKUP_CHORD2 && picksUp(card)))) {
          continue;
        }
        if (categoryIds && !categoryIds.some((id) => card.categoryIds.includes(id))) continue;
        const km = distanceKm(point, card);
        if (serves(mode, card, km)) hits.push({ card, km, rank: km });
      }
    }
    return hits.sort(
      (a, b) => Number(b.card.isFeatured) - Number(a.card.isFeatured) || a.km - b.km || a.card.id - b.card.id,
    );
  }

  /** These stores, nearest to the point first (favourites). */
  byIds(ids: readonly number[], point: GeoPoint): Hit[] {
    const hits: Hit[] = [];
    for (const id of new Set(ids)) {
      const card = this.cards.get(id);
      if (card) {
        const km = distanceKm(point, card);
        hits.push({ card, km, rank: roundKm(km) });
      }
    }
    return hits.sort((a, b) => a.rank - b.rank || a.card.id - b.card.id);
  }
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

export interface NearbyEngineOptions {
  writes?: WriteWatcher;
  log?: FastifyBaseLogger;
}

export interface CatalogVersion {
  version: number;
  prunedThrough: number;
}

export class NearbyEngine {
  readonly #db: Kysely<Database>;
  readonly #options: NearbyEngineOptions;
  readonly #clock = new WeekClock();
  readonly #buffers = new AnswerBuffers();
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

  constructor(db: Kysely<Database>, options: NearbyEngineOptions = {}) {
    this.#db = db;
    this.#options = options;
    const sqlite = sqliteHandleOf(db);
    if (sqlite) {
      const statement = sqlite.prepare(`select version from catalog_versions where name = '${CATALOG}'`).pluck();
      this.#sqliteVersion = () => Number(statement.get());
    }
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

  /** A store list's JSON (UTF-8), assembled from the cards' JSON. */
  async listJson(point: GeoPoint, mode: NearbyMode, categoryIds?: readonly number[]): Promise<JsonAnswer> {
    const index = await this.#fresh();
    return this.#json(index.near(point, mode, categoryIds));
  }

  /** A store list as objects (promo slides, search). */
  async list(point: GeoPoint, mode: NearbyMode, categoryIds?: readonly number[]): Promise<Store[]> {
    const index = await this.#fresh();
    return this.#stores(index.near(point, mode, categoryIds));
  }

  /** These stores (favourites) as a list's JSON, nearest first. */
  async byIdsJson(ids: readonly number[], point: GeoPoint): Promise<JsonAnswer> {
    const index = await this.#fresh();
    return this.#json(index.byIds(ids, point));
  }

  /** The answer's bytes: per store, its JSON head and its distance-and-is_open tail, copied into one buffer. */
  #json(hits: readonly Hit[]): JsonAnswer {
    if (hits.length === 0) return { bytes: EMPTY_LIST, release: NOTHING };
    const now = Date.now();
    const tails = new Array<Buffer>(hits.length);
    let length = 2;
    let zone = '';
    let weekMinute = 0;
    for (let i = 0; i < hits.length; i += 1) {
      const { card, km } = hits[i] as Hit;
      if (card.timezone !== zone) {
        zone = card.timezone;
        weekMinute = this.#clock.weekMinute(zone, now);
      }
      const tail = jsonTail(km, isOpenAtWeekMinute(card.openMinutes, weekMinute));
      tails[i] = tail;
      length += card.jsonHead.length + tail.length;
    }
    // The first head goes without its leading comma, which the '[' replaces.
    const answer = this.#buffers.take(length - 1);
    const out = answer.bytes;
    let at = 0;
    for (let i = 0; i < hits.length; i += 1) {
      const head = (hits[i] as Hit).card.jsonHead;
      const tail = tails[i] as Buffer;
      out.set(head, at);
      at += head.length;
      out.set(tail, at);
      at += tail.length;
    }
    out[0] = OPEN_BRACKET;
    out[at] = CLOSE_BRACKET;
    return answer;
  }

  #stores(hits: readonly Hit[]): Store[] {
    const now = Date.now();
    return hits.map(({ card, km }) => ({
      ...card.fields,
      distance: roundKm(km),
      is_open: isOpenAtWeekMinute(card.openMinutes, this.#clock.weekMinute(card.timezone, now)),
    }));
  }

  /** The index, after catching up with the database as far as the answer must (see the header). */
  async #fresh(): Promise<StoreIndex> {
    if (!this.#index) await this.start();
    let current: number;
    if (this.#sqliteVersion) {
      // Every SQLITE_READ_MS, and on the first answer after this process wrote.
      const now = Date.now();
      if (now - this.#sqliteReadAt >= SQLITE_READ_MS || (this.#options.writes?.lastWriteAt ?? 0) >= this.#sqliteReadAt) {
        this.#sqliteReadAt = now;
        this.#seen = this.#sqliteVersion();
      }
      current = this.#seen;
    }
    else if (Date.now() - (this.#options.writes?.lastWriteAt ?? 0) < READ_YOUR_WRITES_MS) current = (await this.#readVersion()).version;
    else current = this.#seen;
    // A refresh that started before this version was written may not cover it: go again (rarely more than once).
    for (let round = 0; round < 3 && current > (this.#index as StoreIndex).version && !this.#rebuilding; round += 1) {
      this.#kick();
      await this.#settled;
    }
    return this.#index as StoreIndex;
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
      const row = await this.#db
        .selectFrom('catalog_versions')
        .select(['version', 'pruned_through'])
        .where('name', '=', CATALOG)
        .executeTakeFirstOrThrow();
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
      const changed = await cardQueries(this.#db).changedSince(index.version, PATCH_LIMIT + 1).execute();
      if (changed.length <= PATCH_LIMIT) {
        const ids = changed.map((row) => Number(row.restaurant_id));
        const cards = await loadCards(this.#db, ids);
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
    let afterId = 0;
    for (;;) {
      const cards = await loadCardsAfter(this.#db, afterId, BATCH);
      index.apply([], cards);
      if (cards.length < BATCH) break;
      afterId = (cards[cards.length - 1] as StoreCard).id;
      await new Promise((resolve) => setImmediate(resolve));
    }
    await this.#prune(version);
    return index;
  }

  /** Keeps the last PRUNE_KEEP versions of the change log; an instance further behind rebuilds in full. */
  async #prune(version: number): Promise<void> {
    const through = version - PRUNE_KEEP;
    if (through <= 0) return;
    await this.#db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('catalog_versions')
        .set({ pruned_through: through })
        .where('name', '=', CATALOG)
        .where('pruned_through', '<', through)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) await trx.deleteFrom('catalog_changes').where('version', '<=', through).execute();
    });
  }
}
