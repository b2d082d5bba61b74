/**
 * The typed comlink API of the sync worker (DESIGN §3). The UI imports this
 * type only and `wrap`s the worker; the worker `expose`s an object that
 * `satisfies SyncWorkerApi`. Every method resolves to a small result and never
 * throws into the UI: network and server failures become codes.
 */
import type { ErrorCode } from './errors.ts';
import type { UserAddress } from './entities.ts';
import type { FromServiceWorkerMessage } from './sw-messages.ts';
import type { OutboxKind } from './outbox.ts';

export type SyncFailure =
  | { ok: false; reason: 'offline' }
  | { ok: false; reason: 'timeout' }
  | { ok: false; reason: 'unauthorized'; code: ErrorCode; message: string }
  | { ok: false; reason: 'conflict'; code: ErrorCode; message: string }
  | { ok: false; reason: 'invalid'; code: ErrorCode; message: string }
  | { ok: false; reason: 'server'; status: number; message: string }
  | { ok: false; reason: 'bad-response'; message: string };

export type SyncResult<T = undefined> = ([T] extends [undefined] ? { ok: true } : { ok: true; value: T }) | SyncFailure;

/** What the version check found (spec §4). */
export type VersionCheckOutcome =
  | { kind: 'unchanged' }
  | { kind: 'first-visit' }
  | { kind: 'settings-refreshed' }
  /** The cache version changed: the page must clear storage, service workers and caches, then reload. */
  | { kind: 'cache-clear-required'; forceCacheClearVersion: string; forceNewSettingsVersion: string };

export interface BootResult {
  /** Whether the replica already held settings before this boot (a returning visitor). */
  hadReplica: boolean;
  online: boolean;
  version: VersionCheckOutcome | null;
  /** No popular location is marked primary and the user has no address. */
  primaryLocationMissing: boolean;
}

export interface QueueActionInput {
  kind: OutboxKind;
  call: string;
  body: unknown;
  userKey: string;
  label: string;
}

export interface DrainReport {
  sent: number;
  applied: number;
  rejected: number;
  queued: number;
  remaining: number;
}

export interface SyncWorkerApi {
  /** Version check, settings, languages, translations, primary location — in the spec's order. */
  boot(): Promise<BootResult>;
  refreshSettings(): Promise<SyncResult>;
  refreshLanguages(): Promise<SyncResult>;
  /** Fetch one language's translations and make it the chosen language. */
  selectLanguage(languageId: number): Promise<SyncResult>;
  refreshPopularLocations(): Promise<SyncResult>;
  setAddress(address: UserAddress): Promise<void>;
  /** Fetch one content page into the replica; a page the server no longer has is removed from it. */
  openPage(slug: string): Promise<SyncResult>;
  /** After the page cleared storage for a new cache version: refetch and store the new versions. */
  completeCacheClear(forceNewSettingsVersion: string, forceCacheClearVersion: string): Promise<SyncResult>;
  /** Testers' simulated offline mode (DESIGN §4): /public/api is treated as unreachable. */
  setSimulatedOffline(offline: boolean): Promise<void>;
  queueAction(input: QueueActionInput): Promise<{ id: string }>;
  /** Send pending actions in order; rows the service worker holds are left to its replay. */
  drainOutbox(): Promise<DrainReport>;
  /** Settle an outbox row from a service-worker outcome (also heard directly on the broadcast channel). */
  settleFromServiceWorker(message: FromServiceWorkerMessage): Promise<void>;
}
