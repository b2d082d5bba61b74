import { describe, expect, it } from 'vitest';
import { alignOf, ENGLISH_NUMBER_SYMBOLS, formatPrice, numberSymbolsOf } from '../../../src/lib/money.ts';

/** What Intl itself writes: the reference the stored symbols must reproduce. */
function intlAmount(locale: string, minorUnits: number): string {
  return new Intl.NumberFormat(`${locale}-u-nu-latn`, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100);
}

describe('formatPrice', () => {
  it('puts the symbol on the left with two decimals', () => {
    expect(formatPrice(1250, '$', 'left')).toBe('$12.50');
    expect(formatPrice(0, '$', 'left')).toBe('$0.00');
    expect(formatPrice(5, '€', 'left')).toBe('€0.05');
    expect(formatPrice(99, '€', 'left')).toBe('€0.99');
  });

  it('groups thousands as the language writes them, with Western digits', () => {
    expect(formatPrice(123450, '$', 'left')).toBe('$1,234.50');
    expect(formatPrice(100000000, '$', 'left', numberSymbolsOf('en'))).toBe('$1,000,000.00');
    expect(formatPrice(123450, '€', 'right', numberSymbolsOf('de'))).toBe('1.234,50\u00a0€');
    expect(formatPrice(123450, 'SAR', 'right', numberSymbolsOf('ar'))).toMatch(/^1.234.50\u00a0SAR$/);
    expect(formatPrice(1234567850, '₹', 'left', numberSymbolsOf('hi'))).toBe('₹1,23,45,678.50');
    // Spanish groups from five digits on.
    expect(formatPrice(123450, '€', 'right', numberSymbolsOf('es'))).toBe('1234,50\u00a0€');
    expect(formatPrice(1234550, '€', 'right', numberSymbolsOf('es'))).toBe('12.345,50\u00a0€');
    expect(formatPrice(1250, '$', 'left', numberSymbolsOf('not a language'))).toBe('$12.50');
  });

  it('writes every amount exactly as Intl does, in languages with other signs and groupings', () => {
    const amounts = [0, 7, 99, 100, 999, 1000, 99999, 100000, 123456, 999999, 1000000, 12345678, 123456789, 9876543210, 100000000000];
    for (const locale of ['en', 'ar', 'de', 'fr', 'es', 'pt-BR', 'hi', 'en-IN', 'ru', 'pl', 'tr', 'ja', 'sw', 'de-CH', 'fa']) {
      const symbols = numberSymbolsOf(locale);
      for (const amount of amounts) expect(formatPrice(amount, '', 'left', symbols), `${locale} ${amount}`).toBe(intlAmount(locale, amount));
    }
  });

  it('knows English without asking Intl, and reads the same', () => {
    expect(ENGLISH_NUMBER_SYMBOLS).toEqual(numberSymbolsOf('en-US'));
  });

  it('puts the symbol on the right after a no-break space', () => {
    expect(formatPrice(2400, 'SAR', 'right')).toBe('24.00\u00a0SAR');
  });

  it('handles negatives and junk', () => {
    expect(formatPrice(-199, '$', 'left')).toBe('-$1.99');
    expect(formatPrice(-5, '$', 'left')).toBe('-$0.05');
    expect(formatPrice(Number.NaN, '$', 'left')).toBe('$0.00');
    expect(formatPrice(Number.POSITIVE_INFINITY, '$', 'left')).toBe('$0.00');
    expect(formatPrice(12.6, '$', 'left')).toBe('$0.13');
    expect(formatPrice(100, '', 'right')).toBe('1.00');
    expect(formatPrice(1e23, '$', 'left')).toMatch(/^\$[\d,]+\.\d\d$/);
  });

  it('reads the alignment setting, left by default', () => {
    expect(alignOf('right')).toBe('right');
    expect(alignOf(' Right ')).toBe('right');
    expect(alignOf('left')).toBe('left');
    expect(alignOf('')).toBe('left');
  });
});
