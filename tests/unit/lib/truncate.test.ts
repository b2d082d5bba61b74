import { describe, expect, it } from 'vitest';
import { formatHeaderAddress, truncateWithEllipsis } from '../../../src/lib/truncate.ts';

describe('truncateWithEllipsis', () => {
  it('keeps text at or under the limit unchanged, with no ellipsis', () => {
    expect(truncateWithEllipsis('Flat 4B', 20)).toBe('Flat 4B');
    expect(truncateWithEllipsis('x'.repeat(20), 20)).toBe('x'.repeat(20));
  });

  it('cuts longer text and adds one ellipsis', () => {
    expect(truncateWithEllipsis('abcdefghijklmnopqrstuvwxyz', 20)).toBe('abcdefghijklmnopqrst…');
  });

  it('counts characters, not UTF-16 units, so Arabic and emoji are not split', () => {
    expect(truncateWithEllipsis('🍕🍕🍕', 2)).toBe('🍕🍕…');
    expect(truncateWithEllipsis('شارع السوق', 4)).toBe('شارع…');
  });
});

describe('formatHeaderAddress (spec §5)', () => {
  it('cuts the house to 20 and the address to 25 characters', () => {
    const shown = formatHeaderAddress(
      { house: 'Flat 4B, The Long Building Name', address: 'Market Street 12, Riverton Old Town', tag: 'Home' },
      'Current location',
    );
    expect(shown).toEqual({ tag: 'Home', house: 'Flat 4B, The Long Bu…', address: 'Market Street 12, Riverto…' });
  });

  it('falls back to the default tag and leaves out a missing house', () => {
    expect(formatHeaderAddress({ house: null, address: 'Short street', tag: ' ' }, 'Current location')).toEqual({
      tag: 'Current location',
      house: null,
      address: 'Short street',
    });
  });
});
