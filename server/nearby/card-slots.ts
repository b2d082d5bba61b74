/**
 * Where an index keeps the bytes answers are made of, so that writing an
 * answer touches as little memory as possible and allocates nothing per
 * store: one ArrayBuffer holds
 *
 *   [ tails | heads | answer chunks ]
 *
 * - tails: the end of a card for every distance to 0.1 km up to 200 km,
 *   closed and open (`1.4,"is_open":true}`), at fixed offsets (tailIndex(),
 *   tailStart(), tailEnd());
 * - heads: every card's JSON head (`,{"id":…,"distance":`), one after the
 *   other; a store's slot (card.slot) in `numbers` says where its head is
 *   (the packed grid cells copy that, store-grid.ts, and are packed again
 *   when `generation` says the heads moved);
 * - answer chunks: CHUNK_BYTES each, the buffers answers are written into
 *   and sent from (given back once the response has finished).
 *
 * So an answer is one copyWithin() per head and per tail inside that one
 * buffer: no card object, no Buffer object per card, no view to allocate, no
 * boxed number to follow, each of which cost a cache miss or an allocation
 * per store, most of an answer's time. An answer larger than a chunk, or one
 * made while every chunk is out, gets a Buffer of its own (same bytes).
 *
 * A removed store's slot goes to the next store added; its head's bytes are
 * dead until the heads are compacted (when more than half of them are dead).
 * When the heads outgrow their room, everything moves to a larger buffer;
 * chunks of the old one still being sent are dropped when given back.
 * Everything here is synchronous, like the index's changes and the answers,
 * so an answer never sees a half-made change.
 */
import { roundKm } from '../geo/distance.ts';
import type { StoreCard } from './store-cards.ts';

/** The numbers of a slot, from slot * SLOT_STRIDE: where the card's JSON head starts and ends in `memory`. */
export const Slot = { headStart: 0, headEnd: 1 } as const;
export const SLOT_STRIDE = 2;

/** An answer's bytes are written in chunks of this size (larger answers get a Buffer of their own). */
export const CHUNK_BYTES = 32 * 1024;
/** Answers in flight at once before a new answer gets a Buffer of its own (50 connections in the bench). */
export const ANSWER_CHUNKS = 128;
/** Compaction waits until this many dead bytes, whatever their share. */
const MIN_GARBAGE_BYTES = 1 << 20;
const MIN_HEADS_BYTES = 256 * 1024;

/** The end of a card: its distance as the card shows it (roundKm, as JSON writes it) and is_open. */
export const tailOf = (distance: number, open: boolean) => Buffer.from(`${JSON.stringify(distance)},"is_open":${open}}`);
const TAIL_TENTHS = 2000;
/** The table's tails, closed then open per tenth of a km: TAIL_BYTES[tenths * 2 + (open ? 1 : 0)]. */
const TAIL_BYTES = Array.from({ length: (TAIL_TENTHS + 1) * 2 }, (_, at) => tailOf(roundKm(Math.floor(at / 2) / 10), at % 2 === 1));
/** Where each tail is in the tails block (its end is the next one's start). */
const TAIL_STARTS = new Int32Array(TAIL_BYTES.length + 1);
for (let at = 0; at < TAIL_BYTES.length; at += 1) {
  TAIL_STARTS[at + 1] = (TAIL_STARTS[at] as number) + (TAIL_BYTES[at] as Buffer).length;
}
const TAILS_LENGTH = TAIL_STARTS[TAIL_BYTES.length] as number;

/** The tail of a card at `km` from the point, as its position in the table, or -1 past the table (200 km). */
export function tailIndex(km: number, open: boolean): number {
  const tenths = Math.round(roundKm(km) * 10);
  return tenths <= TAIL_TENTHS ? tenths * 2 + (open ? 1 : 0) : -1;
}

/** Where the tail at this index of the table is in `memory` (the same in every CardSlots). */
export function tailStart(index: number): number {
  return TAIL_STARTS[index] as number;
}

export function tailEnd(index: number): number {
  return TAIL_STARTS[index + 1] as number;
}

/** An answer being written: into `memory` from `at` (a chunk), or into `bytes` alone when `at` is -1. */
export interface AnswerChunk {
  bytes: Buffer;
  at: number;
  release: () => void;
}

const NOTHING = () => undefined;

export class CardSlots {
  /** The whole buffer: tails, heads, chunks. */
  memory: Uint8Array = new Uint8Array(0);
  numbers = new Float64Array(1024 * SLOT_STRIDE);
  /** The card in each slot (undefined: free). */
  readonly cards: (StoreCard | undefined)[] = [];
  readonly #freeSlots: number[] = [];
  /** Where the heads' room ends and the chunks start. */
  #headsEnd = 0;
  /** Where the next head goes. */
  #used = 0;
  #garbage = 0;
  #freeChunks: number[] = [];
  /**
   * Bumped when `memory` is replaced (the heads moved): chunks of an older
   * one are not taken back, and cells packed with older head positions are
   * packed again.
   */
  #generation = 0;

  get generation(): number {
    return this.#generation;
  }

  constructor() {
    this.#allocate(MIN_HEADS_BYTES);
  }

  /** Gives the card a slot (card.slot) and copies its head in. */
  add(card: StoreCard): void {
    const slot = this.#freeSlots.pop() ?? this.cards.length;
    if ((slot + 1) * SLOT_STRIDE > this.numbers.length) {
      const grown = new Float64Array(this.numbers.length * 2);
      grown.set(this.numbers);
      this.numbers = grown;
    }
    if (this.#used + card.jsonHead.length > this.#headsEnd) {
      // Out of room: move to a buffer with twice the room the live heads and this one need.
      this.#allocate(Math.max(MIN_HEADS_BYTES, (this.headBytes.live + card.jsonHead.length) * 2));
    }
    this.cards[slot] = card;
    card.slot = slot;
    this.#place(slot, card.jsonHead);
  }

  headStart(card: StoreCard): number {
    return this.numbers[card.slot * SLOT_STRIDE + Slot.headStart] as number;
  }

  headEnd(card: StoreCard): number {
    return this.numbers[card.slot * SLOT_STRIDE + Slot.headEnd] as number;
  }

  /** Frees the card's slot; its head's bytes are dead. */
  remove(card: StoreCard): void {
    const slot = card.slot;
    if (slot < 0 || this.cards[slot] !== card) return;
    const at = slot * SLOT_STRIDE;
    this.#garbage += (this.numbers[at + Slot.headEnd] as number) - (this.numbers[at + Slot.headStart] as number);
    this.cards[slot] = undefined;
    this.#freeSlots.push(slot);
    card.slot = -1;
    if (this.#garbage > MIN_GARBAGE_BYTES && this.#garbage * 2 > this.#used - TAILS_LENGTH) this.#compact();
  }

  /** Room for an answer of `length` bytes; release() once nothing reads them any more (the response finished). */
  take(length: number): AnswerChunk {
    const chunk = length <= CHUNK_BYTES ? this.#freeChunks.pop() : undefined;
    if (chunk === undefined) return { bytes: Buffer.allocUnsafe(length), at: -1, release: NOTHING };
    return {
      bytes: Buffer.from(this.memory.buffer, this.memory.byteOffset + chunk, length),
      at: chunk,
      release: this.#releaser(chunk),
    };
  }

  /** What gives this chunk back, unless `memory` has been replaced meanwhile. */
  #releaser(chunk: number): () => void {
    const generation = this.#generation;
    return () => {
      if (generation === this.#generation) this.#freeChunks.push(chunk);
    };
  }

  /** Live and dead bytes of the heads (tests, diagnostics). */
  get headBytes(): { live: number; dead: number } {
    return { live: this.#used - TAILS_LENGTH - this.#garbage, dead: this.#garbage };
  }

  /** Copies the head in (the caller made sure it fits). */
  #place(slot: number, head: Buffer): void {
    const start = this.#used;
    this.memory.set(head, start);
    this.#used += head.length;
    this.numbers[slot * SLOT_STRIDE + Slot.headStart] = start;
    this.numbers[slot * SLOT_STRIDE + Slot.headEnd] = start + head.length;
  }

  #compact(): void {
    this.#allocate(Math.max(MIN_HEADS_BYTES, this.headBytes.live * 2));
  }

  /** A new buffer with `headsBytes` of room for heads: the tails, then every live head (in slot order), then free chunks. */
  #allocate(headsBytes: number): void {
    this.memory = new Uint8Array(TAILS_LENGTH + headsBytes + ANSWER_CHUNKS * CHUNK_BYTES);
    this.#generation += 1;
    for (let at = 0; at < TAIL_BYTES.length; at += 1) this.memory.set(TAIL_BYTES[at] as Buffer, TAIL_STARTS[at] as number);
    this.#headsEnd = TAILS_LENGTH + headsBytes;
    this.#used = TAILS_LENGTH;
    this.#garbage = 0;
    this.#freeChunks = Array.from({ length: ANSWER_CHUNKS }, (_, n) => this.#headsEnd + (ANSWER_CHUNKS - 1 - n) * CHUNK_BYTES);
    for (let slot = 0; slot < this.cards.length; slot += 1) {
      const card = this.cards[slot];
      if (card) this.#place(slot, card.jsonHead);
    }
  }
}
