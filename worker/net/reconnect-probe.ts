/**
 * Finding out that the network is back (issue 15 point 1). Browsers do not
 * always say so: a dedicated worker, a page reloaded under Chromium's
 * emulated offline and a phone leaving a dead spot may hear no `online`
 * event at all, and the app would believe it is offline until some other
 * request happened to go out. So while the worker's last request failed by
 * network, it asks the server a cheap question (GET /version.json, never
 * from a cache) after 1 s, 2 s, 4 s, then every `maxMs`, until an answer
 * comes: from the probe or from any other request. The first answer after
 * a failure is the reconnection: `onReconnect` runs once for it (drain the
 * outbox, which also asks the service worker to replay what it holds).
 *
 * The testers' simulated offline is not a dead network to wait out: while
 * it is on, nothing is probed, and only the switch ends it.
 */
import { VERSION_PATH } from '../../src/api/paths.ts';
import { backoffDelay } from './backoff.ts';
import type { HttpOutcome, HttpSend } from './http.ts';

export interface ReconnectProbeOptions {
  /** The first wait after a failure; it doubles up to `maxMs`. */
  baseMs?: number;
  maxMs?: number;
}

export interface ReconnectProbeDeps extends ReconnectProbeOptions {
  /** The worker's one way to the network (it records connectivity and honours simulated offline). */
  send: HttpSend;
  isSimulatedOffline(): Promise<boolean>;
  /** The first answer after the network failed. */
  onReconnect(): void;
}

const DEFAULT_BASE_MS = 1_000;
const DEFAULT_MAX_MS = 6_000;

export class ReconnectProbe {
  #unreachable = false;
  #attempt = 0;
  #timer: ReturnType<typeof setTimeout> | null = null;
  #stopped = false;
  readonly #baseMs: number;
  readonly #maxMs: number;

  constructor(private readonly deps: ReconnectProbeDeps) {
    this.#baseMs = deps.baseMs ?? DEFAULT_BASE_MS;
    this.#maxMs = deps.maxMs ?? DEFAULT_MAX_MS;
  }

  /** Whether the last request failed by network and no answer came since. */
  get unreachable(): boolean {
    return this.#unreachable;
  }

  /** Every request's outcome passes here (the probe's own too). */
  observe(outcome: HttpOutcome, simulated: boolean): void {
    if (outcome.kind === 'answer') {
      const wasUnreachable = this.#unreachable;
      this.#unreachable = false;
      this.#attempt = 0;
      this.#clearTimer();
      if (wasUnreachable) this.deps.onReconnect();
      return;
    }
    // A simulated failure is the tester's word, not the network's: nothing to find out.
    if (simulated) return;
    this.#unreachable = true;
    this.#schedule();
  }

  /** Probes at once (the page came back to the foreground, the browser said online), when offline. */
  probeNow(): void {
    if (!this.#unreachable || this.#stopped) return;
    this.#clearTimer();
    void this.#probe();
  }

  stop(): void {
    this.#stopped = true;
    this.#clearTimer();
  }

  #schedule(): void {
    if (this.#timer !== null || this.#stopped) return;
    this.#attempt += 1;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#probe();
    }, backoffDelay(this.#attempt, this.#baseMs, this.#maxMs));
  }

  async #probe(): Promise<void> {
    if (this.#stopped || !this.#unreachable) return;
    // Switched on meanwhile: it ends only by the switch, and the next real failure starts probing again.
    if (await this.deps.isSimulatedOffline()) {
      this.#unreachable = false;
      this.#attempt = 0;
      return;
    }
    // `send` reports the outcome back through `observe`, which schedules the next probe or ends the wait.
    await this.deps.send({ method: 'GET', path: VERSION_PATH, cache: 'no-store' });
  }

  #clearTimer(): void {
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#timer = null;
  }
}
