/** Prices are integer minor units (DESIGN §5); the settings say which symbol and on which side. */
export type CurrencySymbolAlign = 'left' | 'right';

export function alignOf(setting: string): CurrencySymbolAlign {
  return setting.trim().toLowerCase() === 'right' ? 'right' : 'left';
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * Two decimals with the language's grouping and decimal signs (1,234.50 in
 * English). Digits stay Western in every language, as the stores' menus and
 * receipts print them.
 */
function amountFormat(locale: string): Intl.NumberFormat {
  let format = amountFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    } catch {
      // A language code Intl does not know: English signs.
      format = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    }
    amountFormats.set(locale, format);
  }
  return format;
}

/** 1250, '$', 'left' → '$12.50'; 123450 → '$1,234.50'; 1250, 'SAR', 'right' → '12.50 SAR' (a no-break space keeps them together). */
export function formatPrice(minorUnits: number, symbol: string, align: CurrencySymbolAlign, locale = 'en'): string {
  const safe = Number.isFinite(minorUnits) ? Math.round(minorUnits) : 0;
  const sign = safe < 0 ? '-' : '';
  const amount = amountFormat(locale).format(Math.abs(safe) / 100);
  if (!symbol) return `${sign}${amount}`;
  return align === 'right' ? `${sign}${amount}\u00a0${symbol}` : `${sign}${symbol}${amount}`;
}
