import { describe, expect, it } from 'vitest';
import { formatText, ISOLATE_END, ISOLATE_START } from '../../../src/api/language/format-text.ts';

describe('formatText', () => {
  it('fills the placeholders it has values for and leaves the others', () => {
    expect(formatText('{minutes} min · {price}', { minutes: 30 })).toBe('30 min · {price}');
  });

  it('in a right-to-left language sets every value apart in Unicode isolates, so English or numbers keep their own order', () => {
    const arabic = formatText('التوصيل إلى: {address} خلال {minutes} دقيقة', { address: 'Market Street, Riverton 12', minutes: 30 }, { isolate: true });
    expect(arabic).toBe(`التوصيل إلى: ${ISOLATE_START}Market Street, Riverton 12${ISOLATE_END} خلال ${ISOLATE_START}30${ISOLATE_END} دقيقة`);
    // Nothing to isolate in an empty value, and nothing changes left to right.
    expect(formatText('a{x}b', { x: '' }, { isolate: true })).toBe('ab');
    expect(formatText('{minutes} min', { minutes: 30 })).toBe('30 min');
  });
});
