/** Prices are integer minor units (DESIGN §5); the settings say which symbol and on which side. */
export type CurrencySymbolAlign = 'left' | 'right';

export function alignOf(setting: string): CurrencySymbolAlign {
  return setting.trim().toLowerCase() === 'right' ? 'right' : 'left';
}

/** 1250, '$', 'left' → '$12.50'; 1250, 'SAR', 'right' → '12.50 SAR' (a no-break space keeps them together). */
export function formatPrice(minorUnits: number, symbol: string, align: CurrencySymbolAlign): string {
  const safe = Number.isFinite(minorUnits) ? Math.round(minorUnits) : 0;
  const sign = safe < 0 ? '-' : '';
  const amount = (Math.abs(safe) / 100).toFixed(2);
  if (!symbol) return `${sign}${amount}`;
  return align === 'right' ? `${sign}${amount}\u00a0${symbol}` : `${sign}${symbol}${amount}`;
}
