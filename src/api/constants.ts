/** Business constants of spec §9, in one place. */
export const DESKTOP_BREAKPOINT_PX = 768;
export const GPS_TIMEOUT_MS = 5000;
export const DESKTOP_RELOAD_DELAY_MS = 2000;
export const FORCED_UPDATE_RELOAD_DELAY_MS = 3000;
export const HOUSE_TRUNCATE_CHARS = 20;
export const ADDRESS_TRUNCATE_CHARS = 25;
export const SLIDER_IMAGE_REM_PER_SIZE = 2.4;
export const IOS_PROMPT_DELAY_MS = 2500;
/** The iOS prompt shows from this visit on, for this many visits (spec §9). */
export const IOS_PROMPT_FIRST_VISIT = 2;
export const IOS_PROMPT_VISIT_COUNT = 2;
export const POPULAR_LOCATIONS_LIST_HEIGHT_REM = 11;
export const TAB_PRESS_ANIMATION_MS = 500;
export const DEFAULT_STORE_TAG_COLOR = '#ff8c00';
export const LAZY_SCREEN_TIMEOUT_MS = 120_000;
/** API request time-out used by the sync worker. */
export const API_TIMEOUT_MS = 15_000;
/** How long the server keeps an Idempotency-Key with its response. */
export const IDEMPOTENCY_RETENTION_HOURS = 48;
/** How long the service worker keeps a queued action before it expires (minutes). */
export const QUEUE_RETENTION_MINUTES = 7 * 24 * 60;

export type OrderTypePreference = 'DELIVERY' | 'SELFPICKUP';
export const DEFAULT_ORDER_TYPE: OrderTypePreference = 'DELIVERY';
