/**
 * The customer app as a person meets it: what they see and what they can
 * press. Tests speak in these terms; selectors live here only.
 */
import type { Locator, Page } from 'playwright-core';
import { waitForPageCondition } from '../support/browser.ts';

/** One frame of the home as logFrames notes it. */
export interface HomeFrame {
  /** Milliseconds since the first frame. */
  at: number;
  /** Where the store list's heading is, or null before it shows. */
  listTop: number | null;
  gpsBar: boolean;
  banner: boolean;
}

export class CustomerApp {
  constructor(
    readonly page: Page,
    readonly baseUrl: string,
  ) {}

  async open(path = '/'): Promise<void> {
    await this.page.goto(new URL(path, this.baseUrl).toString());
  }

  get tabBar(): Locator {
    return this.page.getByTestId('tab-bar');
  }
  tab(id: 'near-me' | 'alerts' | 'explore' | 'cart' | 'account'): Locator {
    return this.page.getByTestId(`tab-${id}`);
  }
  get headerAddress(): Locator {
    return this.page.getByTestId('header-address');
  }
  get offlineBanner(): Locator {
    return this.page.getByTestId('offline-banner');
  }
  get offlineScreen(): Locator {
    return this.page.getByTestId('offline-screen');
  }
  get notFound(): Locator {
    return this.page.getByTestId('not-found');
  }
  get criticalError(): Locator {
    return this.page.getByTestId('critical-error');
  }
  get updatingOverlay(): Locator {
    return this.page.getByTestId('updating-overlay');
  }
  get updateOffer(): Locator {
    return this.page.getByTestId('update-offer');
  }
  get desktopLanding(): Locator {
    return this.page.getByTestId('desktop-landing');
  }
  get phonePreview(): Locator {
    return this.page.getByTestId('phone-preview');
  }
  get useAppButton(): Locator {
    return this.page.getByTestId('use-app-button');
  }

  // Choosing a location.
  get locationSearch(): Locator {
    return this.page.getByRole('searchbox', { name: 'Search for your area' });
  }
  get placeResults(): Locator {
    return this.page.getByTestId('place-results');
  }
  get confirmAddress(): Locator {
    return this.page.getByTestId('confirm-address');
  }
  get locationSheet(): Locator {
    return this.page.getByTestId('location-sheet');
  }
  get useGpsBar(): Locator {
    return this.page.getByTestId('use-gps-bar');
  }

  /**
   * Closes the popular-locations sheet a first visit to home opens (spec §4),
   * for tests about something else. It stays closed for the rest of the tab's visit.
   */
  async dismissLocationSheet(): Promise<void> {
    await this.locationSheet.getByRole('button', { name: 'Close' }).click({ timeout: 20_000 });
    await this.locationSheet.waitFor({ state: 'detached' });
  }

  /** The replica's current address row (undefined before one is set). */
  async currentAddress(): Promise<Record<string, unknown> | undefined> {
    return this.page.evaluate(
      () =>
        new Promise<Record<string, unknown> | undefined>((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction('address', 'readonly').objectStore('address').get('current');
            request.onsuccess = () => {
              db.close();
              resolve(request.result as Record<string, unknown> | undefined);
            };
            request.onerror = () => reject(request.error);
          };
        }),
    );
  }

  /**
   * From the next page load on, notes at every frame where the home's store
   * list heading is and whether the offline banner shows: what a person sees
   * jump or blink in the first seconds. Read back with `frames()`.
   */
  async logFrames(): Promise<void> {
    await this.page.addInitScript(() => {
      const frames: HomeFrame[] = [];
      (window as unknown as { homeFrames: HomeFrame[] }).homeFrames = frames;
      const start = performance.now();
      const note = () => {
        const heading = document.getElementById('nearby-stores-heading');
        frames.push({
          at: Math.round(performance.now() - start),
          listTop: heading ? Math.round(heading.getBoundingClientRect().top) : null,
          gpsBar: document.querySelector('[data-testid="use-gps-bar"]') !== null,
          banner: document.querySelector('[data-testid="offline-banner"]') !== null,
        });
        if (performance.now() - start < 5000) requestAnimationFrame(note);
      };
      requestAnimationFrame(note);
    });
  }

  /** The frames noted since this page loaded (logFrames), once `ms` have passed since the load. */
  async frames(ms = 3000): Promise<HomeFrame[]> {
    await this.page.waitForFunction((wanted) => {
      const frames = (window as unknown as { homeFrames?: HomeFrame[] }).homeFrames ?? [];
      return (frames.at(-1)?.at ?? 0) >= wanted;
    }, ms);
    return this.page.evaluate(() => (window as unknown as { homeFrames: HomeFrame[] }).homeFrames);
  }

  /** Waits until the worker has mirrored settings and translations into the replica. */
  async waitForReplica(): Promise<void> {
    await waitForPageCondition(
      this.page,
      async () => {
        const counts = await new Promise<Record<string, number>>((resolve) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => resolve({});
          open.onsuccess = () => {
            const db = open.result;
            const wanted = ['settings', 'translations', 'popularLocations', 'address'];
            if (!wanted.every((name) => db.objectStoreNames.contains(name))) {
              db.close();
              resolve({});
              return;
            }
            const tx = db.transaction(wanted, 'readonly');
            const result: Record<string, number> = {};
            for (const name of wanted) {
              const request = tx.objectStore(name).count();
              request.onsuccess = () => (result[name] = request.result);
            }
            tx.oncomplete = () => {
              db.close();
              resolve(result);
            };
          };
        });
        return (counts.settings ?? 0) > 0 && (counts.translations ?? 0) > 0 && (counts.address ?? 0) > 0;
      },
      'the replica to hold settings, translations and an address',
    );
  }

  /**
   * When the worker last fetched a resource (its syncState row), 0 before it
   * did. Safe while the app is still loading: a replica not created yet is
   * not created by this read, which would hold the worker's own open back.
   */
  async fetchedAt(resource: string): Promise<number> {
    return this.page.evaluate(
      (name) =>
        new Promise<number>((resolve) => {
          const open = indexedDB.open('foodpilot');
          open.onupgradeneeded = () => open.transaction?.abort();
          open.onerror = () => resolve(0);
          open.onsuccess = () => {
            const db = open.result;
            const done = (at: number) => {
              db.close();
              resolve(at);
            };
            if (!db.objectStoreNames.contains('syncState')) return done(0);
            const read = db.transaction('syncState').objectStore('syncState').get(name);
            read.onsuccess = () => done((read.result as { fetchedAt?: number } | undefined)?.fetchedAt ?? 0);
            read.onerror = () => done(0);
          };
        }),
      resource,
    );
  }

  /** Reads one row of the replica's prefs table. */
  async pref(key: string): Promise<unknown> {
    return this.page.evaluate(
      (prefKey) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('foodpilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const request = db.transaction('prefs', 'readonly').objectStore('prefs').get(prefKey);
            request.onsuccess = () => {
              db.close();
              resolve((request.result as { value?: unknown } | undefined)?.value);
            };
            request.onerror = () => reject(request.error);
          };
        }),
      key,
    );
  }

  async localStorageKeys(): Promise<string[]> {
    return this.page.evaluate(() => Object.keys(localStorage).sort());
  }
}
