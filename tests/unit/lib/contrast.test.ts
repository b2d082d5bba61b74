import { describe, expect, it } from 'vitest';
import { brandInk, contrastRatio, parseHexColor, readableTextOn } from '../../../src/lib/contrast.ts';

describe('text colour on the brand colour', () => {
  it('picks white on dark colours and black on light ones', () => {
    expect(readableTextOn('#1d4ed8')).toBe('#ffffff');
    expect(readableTextOn('#0b3d2e')).toBe('#ffffff');
    expect(readableTextOn('#ffd60a')).toBe('#000000');
    expect(readableTextOn('#fff')).toBe('#000000');
  });

  it('falls back to white for a colour it cannot read', () => {
    expect(readableTextOn('tomato')).toBe('#ffffff');
  });

  it('darkens a light brand until it reads as text on white', () => {
    const ink = brandInk('#ffb000');
    expect(contrastRatio(parseHexColor(ink)!, { r: 255, g: 255, b: 255 })).toBeGreaterThanOrEqual(4.5);
    expect(brandInk('#1d4ed8')).toBe('#1d4ed8');
  });

  it('darkens the brand until it reads on the grey page and on its own pale tint too, not only on white', () => {
    // The demo brand: darkened for white only it was #d14818, 4.18:1 on the page's #f6f6f8.
    for (const brand of ['#e8501b', '#ffb000', '#22c55e', '#d14818']) {
      const ink = parseHexColor(brandInk(brand))!;
      const rgb = parseHexColor(brand)!;
      const tint = { r: rgb.r * 0.14 + 255 * 0.86, g: rgb.g * 0.14 + 255 * 0.86, b: rgb.b * 0.14 + 255 * 0.86 };
      for (const background of [{ r: 255, g: 255, b: 255 }, parseHexColor('#f6f6f8')!, tint]) {
        expect(contrastRatio(ink, background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });
});
