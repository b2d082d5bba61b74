import { APP_TEXTS } from './app-texts.ts';
import { CATALOG_TEXTS } from '../catalog/texts.ts';
import { CART_TEXTS } from '../cart/texts.ts';
import { ACCOUNT_TEXTS } from '../account/texts.ts';
import { ERROR_TEXTS } from './error-texts.ts';
import { ORDER_TEXTS } from '../orders/texts.ts';
import { CHECKOUT_TEXTS } from '../checkout/texts.ts';
import { DRIVER_TEXTS } from '../driver/texts.ts';
import { CONSOLE_TEXTS } from '../admin/texts.ts';

/**
 * Every translation key the app shows, with its English text. The seed writes
 * English from this table (and other languages beside it); the UI falls back
 * to it for a key the chosen language lacks, so no screen shows a raw key.
 *
 * Each area keeps its own words beside its calls (`<area>/texts.ts`); a key
 * lives in exactly one of them (tests/unit/api/texts.test.ts).
 */
export const ENGLISH_TEXTS = {
  ...APP_TEXTS,
  ...CATALOG_TEXTS,
  ...CART_TEXTS,
  ...ACCOUNT_TEXTS,
  ...ERROR_TEXTS,
  ...ORDER_TEXTS,
  ...CHECKOUT_TEXTS,
  ...DRIVER_TEXTS,
  ...CONSOLE_TEXTS,
} as const;

export type TextKey = keyof typeof ENGLISH_TEXTS;
export const TEXT_KEYS = Object.keys(ENGLISH_TEXTS) as TextKey[];
