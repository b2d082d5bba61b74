/**
 * What the app keeps in localStorage, in one place. localStorage holds only a
 * few small mirrors of the replica so the very first paint (before React and
 * Dexie load) can use the brand colour and the text direction, and the home
 * can paint its first screen before IndexedDB answers; and so the forced
 * cache clear (spec §4) knows exactly what survives it.
 */
export const LocalKey = {
  location: 'geoLocation',
  address: 'userSetAddress',
  storeColor: 'storeColor',
  storeLogo: 'storeLogo',
  updatingMessage: 'updatingMessage',
  /** JSON `{ id, code, dir }` of the chosen language. */
  language: 'userPreferedLanguage',
  activeStore: 'activeRestaurant',
  /** The current order type, so boot can tell whether the home snapshot is for it. */
  orderType: 'orderType',
  /** JSON of the home's first screen (features/home/home-snapshot.ts); the cache clear drops it. */
  homeSnapshot: 'homeSnapshot',
} as const;

/** Spec §4: location, address, colour, logo, updating message, language and active store. */
export const LOCAL_KEYS_KEPT_ON_CACHE_CLEAR: readonly string[] = [
  LocalKey.location,
  LocalKey.address,
  LocalKey.storeColor,
  LocalKey.storeLogo,
  LocalKey.updatingMessage,
  LocalKey.language,
  LocalKey.activeStore,
];

/** Writes a mirror value; a full or blocked storage must never break the app. */
export function writeLocal(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else if (localStorage.getItem(key) !== value) localStorage.setItem(key, value);
  } catch {
    // Private mode or quota: the mirror is a nicety, the replica is the truth.
  }
}

export function readLocal(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
