import { useCallback } from 'react';
import { useSettings } from '../../app/look.tsx';
import { alignOf, formatPrice } from './money.ts';

/** Formats minor units with the configured currency symbol and side. */
export function useMoney(): (minorUnits: number) => string {
  const settings = useSettings();
  const symbol = settings.get('currencySymbol');
  const align = alignOf(settings.get('currencySymbolAlign'));
  return useCallback((minorUnits: number) => formatPrice(minorUnits, symbol, align), [symbol, align]);
}
