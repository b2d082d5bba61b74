/**
 * A spatial index of store cards on a grid of square cells in degrees (0.02°
 * is about 2.2 km north–south, 1.7 km east–west at Pittsburgh's latitude;
 * the engine picks the size per mode). A store is
 * registered in every cell its reach (delivery radius, or the self-pickup
 * distance) can touch: the cells of its reach's bounding box, which is
 * deliberately larger than the circle (geo/distance.ts). A query then reads
 * one cell, the one holding the customer's point, and keeps the stores whose
 * exact reach holds it. A store whose box would cover more than MAX_CELLS
 * cells (a huge radius, or a pole) goes on a short list every query reads.
 *
 * A query reads a cell packed (PackedCards): per store, everything an
 * answer reads about it but its JSON (unit vector and reach bound for the
 * prefilter, position and its cosine for the distance, radius, delivery type
 * and featured flag, where its JSON head is, whether it is open this minute)
 * side by side in one Float64Array, so a lookup over some 75 candidates
 * reads 7 kB in a row instead of chasing a pointer per store to its card and
 * another per boxed number in it (that chasing, cache miss after cache miss,
 * was most of a lookup's time). A cell is packed on its first query, and
 * again after any change to it or after the heads moved (CardSlots'
 * generation). The packed cells of a grid hold at most MAX_PACKED_ENTRIES
 * stores in all: past that they are all dropped and packed again as queried.
 */
import { boundingBox, type GeoPoint } from '../geo/distance.ts';
import type { CardSlots } from './card-slots.ts';
import { chord2, type StoreCard } from './store-cards.ts';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

const MAX_CELLS = 4096;
/** 96 bytes each: 32 MB of packed cells per grid at most. */
const MAX_PACKED_ENTRIES = 1 << 18;

/** Cells of `degrees` on each side, numbered row by row from the south-west; longitudes wrap (180° is -180°). */
export class GridCells {
  readonly #degrees: number;
  readonly #rows: number;
  readonly #columns: number;

  constructor(degrees: number) {
    this.#degrees = degrees;
    this.#rows = Math.round(180 / degrees);
    this.#columns = Math.round(360 / degrees);
  }

  #row(latitude: number): number {
    return Math.min(this.#rows - 1, Math.max(0, Math.floor((latitude + 90) / this.#degrees)));
  }

  #column(index: number): number {
    return ((index % this.#columns) + this.#columns) % this.#columns;
  }

  of(point: GeoPoint): number {
    return this.#row(point.latitude) * this.#columns + this.#column(Math.floor((point.longitude + 180) / this.#degrees));
  }

  /** The cells of the box around `center` with `km` of reach, or undefined when there would be more than MAX_CELLS. */
  within(center: GeoPoint, km: number): Set<number> | undefined {
    const box = boundingBox(center, km);
    const south = this.#row(box.minLatitude);
    const north = this.#row(box.maxLatitude);
    const spans = box.longitudeRanges.map(
      ([west, east]) => [Math.floor((west + 180) / this.#degrees), Math.floor((east + 180) / this.#degrees)] as const,
    );
    const width = spans.reduce((sum, [first, last]) => sum + last - first + 1, 0);
    if ((north - south + 1) * width > MAX_CELLS) return undefined;
    const cells = new Set<number>();
    for (let row = south; row <= north; row += 1) {
      for (const [first, last] of spans) {
        for (let column = first; column <= last; column += 1) cells.add(row * this.#columns + this.#column(column));
      }
    }
    return cells;
  }
}

/** A cell's stores, and per store PACKED_STRIDE numbers at Packed.* offsets. */
export interface PackedCards {
  readonly cards: readonly StoreCard[];
  readonly numbers: Float64Array;
  /** The CardSlots generation the head positions are of. */
  readonly generation: number;
}

/** Where each number of a store is in PackedCards.numbers, from i * PACKED_STRIDE. */
export const Packed = {
  /** The store's unit vector (StoreCard.x, y, z). */
  x: 0,
  y: 1,
  z: 2,
  /** chord2() of the store's reach in this grid's mode: the prefilter's bound. */
  reachChord2: 3,
  latitude: 4,
  longitude: 5,
  /** cos(latitude): the store's factor of the haversine (storeDistanceKm in nearby-engine.ts). */
  cosLatitude: 6,
  deliveryRadiusKm: 7,
  /** deliveryType, plus FEATURED when the store is featured. */
  kind: 8,
  /** Where the card's JSON head starts and ends in CardSlots.memory. */
  headStart: 9,
  headEnd: 10,
  /**
   * Whether the store is open, as `minute * 2 + (open ? 1 : 0)` for the
   * minute (Date.now() / 60 000, floored) it was worked out for; -1: not
   * yet. Written by the engine as it answers.
   */
  openMemo: 11,
} as const;
export const PACKED_STRIDE = 12;
export const FEATURED = 4;

const NO_CARDS: PackedCards = { cards: [], numbers: new Float64Array(0), generation: -1 };

export class StoreGrid {
  readonly #cells = new Map<number, StoreCard[]>();
  /** The packed form of the cells queried since they last changed. */
  readonly #packed = new Map<number, PackedCards>();
  /** Stores in #packed, all cells together. */
  #packedEntries = 0;
  #everywhere: StoreCard[] = [];
  #everywherePacked: PackedCards = NO_CARDS;
  /** How far a store reaches in this grid's mode; 0 when it does not serve in it. */
  readonly reachKm: (card: StoreCard) => number;
  readonly #grid: GridCells;

  constructor(cellDegrees: number, reachKm: (card: StoreCard) => number) {
    this.#grid = new GridCells(cellDegrees);
    this.reachKm = reachKm;
  }

  add(card: StoreCard): void {
    const reach = this.reachKm(card);
    if (reach <= 0) return;
    const cells = this.#grid.within(card, reach);
    if (!cells) {
      this.#everywhere = [...this.#everywhere, card];
      this.#everywherePacked = NO_CARDS;
      return;
    }
    for (const cell of cells) {
      this.#unpack(cell);
      const list = this.#cells.get(cell);
      if (list) list.push(card);
      else this.#cells.set(cell, [card]);
    }
  }

  /** Removes the card registered for this store (the same card object add() was given). */
  remove(card: StoreCard): void {
    const reach = this.reachKm(card);
    if (reach <= 0) return;
    const cells = this.#grid.within(card, reach);
    if (!cells) {
      this.#everywhere = this.#everywhere.filter((other) => other !== card);
      this.#everywherePacked = NO_CARDS;
      return;
    }
    for (const cell of cells) {
      this.#unpack(cell);
      const list = this.#cells.get(cell)?.filter((other) => other !== card);
      if (!list || list.length === 0) this.#cells.delete(cell);
      else this.#cells.set(cell, list);
    }
  }

  /** The stores that may reach the point (a superset; the caller checks the exact distance), packed. */
  packedCell(point: GeoPoint, slots: CardSlots): PackedCards {
    const key = this.#grid.of(point);
    let cell = this.#packed.get(key);
    if (!cell || cell.generation !== slots.generation) {
      const list = this.#cells.get(key);
      if (!list) return NO_CARDS;
      if (cell) this.#unpack(key);
      if (this.#packedEntries + list.length > MAX_PACKED_ENTRIES) {
        this.#packed.clear();
        this.#packedEntries = 0;
      }
      cell = this.#pack(list, slots);
      this.#packed.set(key, cell);
      this.#packedEntries += list.length;
    }
    return cell;
  }

  /** The stores every query reads besides its cell's (often none), packed. */
  packedEverywhere(slots: CardSlots): PackedCards {
    if (this.#everywhere.length > 0 && this.#everywherePacked.generation !== slots.generation) {
      this.#everywherePacked = this.#pack(this.#everywhere, slots);
    }
    return this.#everywherePacked;
  }

  #unpack(cell: number): void {
    const packed = this.#packed.get(cell);
    if (!packed) return;
    this.#packed.delete(cell);
    this.#packedEntries -= packed.cards.length;
  }

  #pack(cards: readonly StoreCard[], slots: CardSlots): PackedCards {
    const numbers = new Float64Array(cards.length * PACKED_STRIDE);
    for (let i = 0; i < cards.length; i += 1) {
      const card = cards[i] as StoreCard;
      const at = i * PACKED_STRIDE;
      numbers[at + Packed.x] = card.x;
      numbers[at + Packed.y] = card.y;
      numbers[at + Packed.z] = card.z;
      numbers[at + Packed.reachChord2] = chord2(this.reachKm(card));
      numbers[at + Packed.latitude] = card.latitude;
      numbers[at + Packed.longitude] = card.longitude;
      numbers[at + Packed.cosLatitude] = Math.cos(toRadians(card.latitude));
      numbers[at + Packed.deliveryRadiusKm] = card.deliveryRadiusKm;
      numbers[at + Packed.kind] = card.deliveryType + (card.isFeatured ? FEATURED : 0);
      numbers[at + Packed.headStart] = slots.headStart(card);
      numbers[at + Packed.headEnd] = slots.headEnd(card);
      numbers[at + Packed.openMemo] = -1;
    }
    return { cards, numbers, generation: slots.generation };
  }
}
