import { useCallback } from 'react';
import { useLanguage, useSettings } from '../app/settings-and-language.tsx';
import { alignOf, formatPrice } from '../lib/money.ts';

/** Formats minor units with the configured currency symbol and side, grouped as the chosen language writes numbers. */
export function useMoney(): (minorUnits: number) => string {
  const settings = useSettings();
  const locale = useLanguage()?.code ?? 'en';
  const symbol = settings.get('currencySymbol');
  const align = alignOf(settings.get('currencySymbolAlign'));
  return useCallback((minorUnits: number) => formatPrice(minorUnits, symbol, align, locale), [symbol, align, locale]);
}
