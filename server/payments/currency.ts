/**
 * Minor units ↔ the decimal amounts some providers speak (Paytm's "12.50",
 * Mercado Pago's 12.5). The app keeps money as integer minor units of the
 * store's currency; how many decimals a currency has is ISO 4217's exponent.
 */

/** ISO 4217 currencies whose exponent is not 2. */
const EXPONENTS: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0, XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
};

export function currencyExponent(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}

/** 1250 USD → "12.50"; 1250 JPY → "1250". */
export function toDecimalAmount(minor: number, currency: string): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new Error(`An amount must be a non-negative integer of minor units, got ${minor}`);
  const exponent = currencyExponent(currency);
  if (exponent === 0) return String(minor);
  const text = String(minor).padStart(exponent + 1, '0');
  return `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
}

/** "12.50" or 12.5 USD → 1250; NaN for something that is not an amount. */
export function toMinorUnits(amount: string | number, currency: string): number {
  const text = typeof amount === 'number' ? amount.toFixed(currencyExponent(currency)) : amount.trim();
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return Number.NaN;
  const exponent = currencyExponent(currency);
  const fraction = (match[2] ?? '').padEnd(exponent, '0');
  // More decimals than the currency has, and not zeros: not a real amount of it.
  if (/[1-9]/.test(fraction.slice(exponent))) return Number.NaN;
  return Number(match[1]) * 10 ** exponent + Number(fraction.slice(0, exponent) || '0');
}
