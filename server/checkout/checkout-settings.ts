/**
 * The settings a checkout reads (tips, loyalty, which payment methods are
 * offered, how money is written), in one query of only those keys. Values
 * travel as strings; a key the administrator never saved, or saved as
 * nonsense, falls back to its default in src/api/settings/defaults.ts, and numbers are
 * clamped to what a price can safely use.
 */
import type { FastifyInstance } from 'fastify';
import { MINOR_UNITS_PER_CURRENCY_UNIT } from '../../src/api/orders/limits.ts';
import { SETTING_DEFAULTS, readNumber, readSetting, readSwitch, type SettingKey, type SettingsMap } from '../../src/api/settings/defaults.ts';
import { PAYMENT_METHOD_SETTINGS, type PaymentMethodId } from '../../src/api/checkout/payment-limits.ts';

export interface LoyaltyRules {
  enabled: boolean;
  /** Points per whole currency unit of the subtotal after discounts. */
  pointsPerCurrencyUnit: number;
  /** Minor units one point takes off (at least 1). */
  pointValue: number;
  minRedeemPoints: number;
  /** The share of the subtotal after the coupon that points may pay, 0–100. */
  maxRedeemPercent: number;
}

export interface CheckoutSettings {
  tipsEnabled: boolean;
  loyalty: LoyaltyRules;
  /** Whether each payment method's switch is on. */
  paymentEnabled: Record<PaymentMethodId, boolean>;
  currencySymbol: string;
  currencySymbolAlign: string;
}

const LOYALTY_KEYS = [
  'loyaltyEnabled',
  'loyaltyPointsPerCurrencyUnit',
  'loyaltyPointValue',
  'loyaltyMinRedeemPoints',
  'loyaltyMaxRedeemPercent',
] as const satisfies readonly SettingKey[];

const KEYS: readonly string[] = [
  'tipsEnabled',
  'currencySymbol',
  'currencySymbolAlign',
  ...LOYALTY_KEYS,
  ...Object.values(PAYMENT_METHOD_SETTINGS),
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function checkoutSettingsFrom(settings: SettingsMap): CheckoutSettings {
  const paymentEnabled = Object.fromEntries(
    Object.entries(PAYMENT_METHOD_SETTINGS).map(([method, key]) => [method, readSwitch(settings, key as SettingKey)]),
  ) as Record<PaymentMethodId, boolean>;
  return {
    tipsEnabled: readSwitch(settings, 'tipsEnabled'),
    loyalty: {
      enabled: readSwitch(settings, 'loyaltyEnabled'),
      pointsPerCurrencyUnit: clamp(readNumber(settings, 'loyaltyPointsPerCurrencyUnit'), 0, 1000),
      pointValue: clamp(Math.floor(readNumber(settings, 'loyaltyPointValue')), 1, 1_000_000),
      minRedeemPoints: clamp(Math.floor(readNumber(settings, 'loyaltyMinRedeemPoints')), 1, 10_000_000),
      maxRedeemPercent: clamp(Math.floor(readNumber(settings, 'loyaltyMaxRedeemPercent')), 0, 100),
    },
    paymentEnabled,
    currencySymbol: readSetting(settings, 'currencySymbol'),
    currencySymbolAlign: readSetting(settings, 'currencySymbolAlign'),
  };
}

export async function readCheckoutSettings(app: FastifyInstance): Promise<CheckoutSettings> {
  const rows = await app.settingsRepository.valuesOf(KEYS);
  return checkoutSettingsFrom(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** Money for a server message ("$12.50"); the app formats its own from the figures. */
export function formatMoney(minor: number, settings: Pick<CheckoutSettings, 'currencySymbol' | 'currencySymbolAlign'>): string {
  const amount = (minor / MINOR_UNITS_PER_CURRENCY_UNIT).toFixed(2);
  return settings.currencySymbolAlign === 'right' ? `${amount}${settings.currencySymbol}` : `${settings.currencySymbol}${amount}`;
}

/** The defaults, for code (tests, the bench) that prices without a database. */
export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = checkoutSettingsFrom(SETTING_DEFAULTS);
