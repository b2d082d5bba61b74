import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXTS } from '../../../src/api/account/texts.ts';
import { CONSOLE_TEXTS } from '../../../src/api/admin/texts.ts';
import { CART_TEXTS } from '../../../src/api/cart/texts.ts';
import { CATALOG_TEXTS } from '../../../src/api/catalog/texts.ts';
import { CHECKOUT_TEXTS } from '../../../src/api/checkout/texts.ts';
import { DRIVER_TEXTS } from '../../../src/api/driver/texts.ts';
import { ERROR_TEXT_KEYS } from '../../../src/api/errors.ts';
import { APP_TEXTS } from '../../../src/api/language/app-texts.ts';
import { ERROR_TEXTS } from '../../../src/api/language/error-texts.ts';
import { ENGLISH_TEXTS, TEXT_KEYS } from '../../../src/api/language/texts.ts';
import { ORDER_TEXTS } from '../../../src/api/orders/texts.ts';

const AREAS: Record<string, Record<string, string>> = {
  app: APP_TEXTS,
  errors: ERROR_TEXTS,
  catalog: CATALOG_TEXTS,
  cart: CART_TEXTS,
  account: ACCOUNT_TEXTS,
  orders: ORDER_TEXTS,
  checkout: CHECKOUT_TEXTS,
  driver: DRIVER_TEXTS,
  console: CONSOLE_TEXTS,
};

describe('the English texts, kept by area', () => {
  it('holds each key in exactly one area, so merging them loses no text', () => {
    const areasOf = new Map<string, string[]>();
    for (const [area, texts] of Object.entries(AREAS)) {
      for (const key of Object.keys(texts)) areasOf.set(key, [...(areasOf.get(key) ?? []), area]);
    }
    const inTwoAreas = [...areasOf].filter(([, areas]) => areas.length > 1).map(([key, areas]) => `${key}: ${areas.join(', ')}`);
    expect(inTwoAreas).toEqual([]);
    expect(TEXT_KEYS.length).toBe(areasOf.size);
  });

  it('gives every key a text, and every error code a key that exists', () => {
    expect(TEXT_KEYS.filter((key) => ENGLISH_TEXTS[key].trim() === '')).toEqual([]);
    expect(Object.values(ERROR_TEXT_KEYS).filter((key) => !(key in ENGLISH_TEXTS))).toEqual([]);
  });
});
