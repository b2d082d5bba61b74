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
 */
import { boundingBox, type GeoPoint } from '../geo/distance.ts';
import type { StoreCard } from './store-cards.ts';

const MAX_CELLS = 4096;

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

export class StoreGrid {
  readonly #cells = new Map<number, StoreCard[]>();
  #everywhere: StoreCard[] = [];
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
      return;
    }
    for (const cell of cells) {
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
      return;
    }
    for (const cell of cells) {
      const list = this.#cells.get(cell)?.filter((other) => other !== card);
      if (!list || list.length === 0) this.#cells.delete(cell);
      else this.#cells.set(cell, list);
    }
  }

  /** Every store that may reach the point (a superset; the caller checks the exact distance). */
  candidates(point: GeoPoint): { cell: readonly StoreCard[]; everywhere: readonly StoreCard[] } {
    return { cell: this.#cells.get(this.#grid.of(point)) ?? [], everywhere: this.#everywhere };
  }
}
