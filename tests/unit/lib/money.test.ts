import { describe, expect, it } from 'vitest';
import { alignOf, formatPrice } from '../../../src/lib/money.ts';

describe('formatPrice', () => {
  it('puts the symbol on the left with two decimals', () => {
    expect(formatPrice(1250, '$', 'left')).toBe('$12.50');
    expect(formatPrice(0, '$', 'left')).toBe('$0.00');
    expect(formatPrice(5, '€', 'left')).toBe('€0.05');
  });

  it('groups thousands as the language writes them, with Western digits', () => {
    expect(formatPrice(123450, '$', 'left')).toBe('$1,234.50');
    expect(formatPrice(100000000, '$', 'left', 'en')).toBe('$1,000,000.00');
    expect(formatPrice(123450, '€', 'right', 'de')).toBe('1.234,50\u00a0€');
    expect(formatPrice(123450, 'SAR', 'right', 'ar')).toMatch(/^1.234.50\u00a0SAR$/);
    expect(formatPrice(1250, '$', 'left', 'not a language')).toBe('$12.50');
  });

  it('puts the symbol on the right after a no-break space', () => {
    expect(formatPrice(2400, 'SAR', 'right')).toBe('24.00\u00a0SAR');
  });

  it('handles negatives and junk', () => {
    expect(formatPrice(-199, '$', 'left')).toBe('-$1.99');
    expect(formatPrice(Number.NaN, '$', 'left')).toBe('$0.00');
    expect(formatPrice(100, '', 'right')).toBe('1.00');
  });

  it('reads the alignment setting, left by default', () => {
    expect(alignOf('right')).toBe('right');
    expect(alignOf(' Right ')).toBe('right');
    expect(alignOf('left')).toBe('left');
    expect(alignOf('')).toBe('left');
  });
});
