import { useCallback, useMemo } from 'react';
import { useLanguage, useSettings } from '../base/settings-and-language.tsx';
import { alignOf, ENGLISH_NUMBER_SYMBOLS, formatPrice, numberSymbolsOf } from '../lib/money.ts';

/**
 * Formats minor units with the configured currency symbol and side, grouped
 * as the chosen language writes numbers: with the symbols the sync worker
 * stored on the language's row, so the page pays for no Intl locale data.
 */
export function useMoney(): (minorUnits: number) => string {
  const settings = useSettings();
  const language = useLanguage();
  const symbol = settings.get('currencySymbol');
  const align = alignOf(settings.get('currencySymbolAlign'));
  const stored = language?.numberSymbols;
  const code = language?.code;
  const symbols = useMemo(() => stored ?? (code ? numberSymbolsOf(code) : ENGLISH_NUMBER_SYMBOLS), [stored, code]);
  return useCallback((minorUnits: number) => formatPrice(minorUnits, symbol, align, symbols), [symbol, align, symbols]);
}
