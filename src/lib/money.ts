/** Prices are integer minor units (DESIGN §5); the settings say which symbol and on which side. */
export type CurrencySymbolAlign = 'left' | 'right';

export function alignOf(setting: string): CurrencySymbolAlign {
  return setting.trim().toLowerCase() === 'right' ? 'right' : 'left';
}

/**
 * How a language writes an amount with Western digits: the sign between
 * groups of digits and before the decimals, how many digits the last group
 * and the ones before it hold (3 and 3 in English, 3 and 2 in Hindi), and how
 * many digits an amount needs before it is grouped at all (2 in Spanish:
 * "1234,50" but "12.345,50").
 */
export interface NumberSymbols {
  group: string;
  decimal: string;
  primaryGroup: number;
  secondaryGroup: number;
  minimumGroupingDigits: number;
}

/** English's, which need no Intl to know. */
export const ENGLISH_NUMBER_SYMBOLS: NumberSymbols = { group: ',', decimal: '.', primaryGroup: 3, secondaryGroup: 3, minimumGroupingDigits: 1 };

function twoDecimals(locale: string): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    // A language code Intl does not know: English signs.
    return new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  }
}

/**
 * Reads a language's number symbols from Intl. The first use of Intl on a
 * page loads its locale data, which costs a slow phone's main thread about
 * 100 ms, so the sync worker reads them (`withNumberSymbols`) and the page
 * formats with what it stored; the page calls this only for a language row
 * written before the worker did.
 */
export function numberSymbolsOf(locale: string): NumberSymbols {
  if (locale === 'en') return ENGLISH_NUMBER_SYMBOLS;
  let symbols = symbolsByLocale.get(locale);
  if (!symbols) {
    symbols = readNumberSymbols(locale);
    symbolsByLocale.set(locale, symbols);
  }
  return symbols;
}

const symbolsByLocale = new Map<string, NumberSymbols>();

function readNumberSymbols(locale: string): NumberSymbols {
  const format = twoDecimals(locale);
  const parts = format.formatToParts(1234567.5);
  const integerGroups = parts.filter((part) => part.type === 'integer').map((part) => part.value.length);
  const group = parts.find((part) => part.type === 'group')?.value ?? '';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  const primaryGroup = integerGroups.length > 1 ? integerGroups[integerGroups.length - 1]! : 3;
  const secondaryGroup = integerGroups.length > 2 ? integerGroups[integerGroups.length - 2]! : primaryGroup;
  // Grouped at four digits unless the language waits for five.
  const fourDigits = format.formatToParts(1234.5).filter((part) => part.type === 'integer').length;
  return { group, decimal, primaryGroup, secondaryGroup, minimumGroupingDigits: group !== '' && fourDigits === 1 ? 2 : 1 };
}

function groupDigits(digits: string, symbols: NumberSymbols): string {
  const { group, primaryGroup, secondaryGroup, minimumGroupingDigits } = symbols;
  if (group === '' || digits.length < primaryGroup + minimumGroupingDigits) return digits;
  const groups = [digits.slice(-primaryGroup)];
  let rest = digits.slice(0, -primaryGroup);
  while (rest.length > secondaryGroup) {
    groups.unshift(rest.slice(-secondaryGroup));
    rest = rest.slice(0, -secondaryGroup);
  }
  groups.unshift(rest);
  return groups.join(group);
}

/**
 * 1250, '$', 'left' → '$12.50'; 123450 → '$1,234.50'; 1250, 'SAR', 'right' →
 * '12.50 SAR' (a no-break space keeps them together). Grouped as `symbols`
 * say (English by default); digits stay Western in every language, as the
 * stores' menus and receipts print them.
 */
export function formatPrice(minorUnits: number, symbol: string, align: CurrencySymbolAlign, symbols: NumberSymbols = ENGLISH_NUMBER_SYMBOLS): string {
  const safe = Number.isFinite(minorUnits) ? Math.round(minorUnits) : 0;
  const sign = safe < 0 ? '-' : '';
  // BigInt writes every digit of an amount too large for String's plain notation.
  const cents = BigInt(Math.abs(safe)).toString().padStart(3, '0');
  const amount = `${groupDigits(cents.slice(0, -2), symbols)}${symbols.decimal}${cents.slice(-2)}`;
  if (!symbol) return `${sign}${amount}`;
  return align === 'right' ? `${sign}${amount}\u00a0${symbol}` : `${sign}${symbol}${amount}`;
}
