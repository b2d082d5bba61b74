import { describe, expect, it } from 'vitest';
import { brandInkOnWhite, contrastRatio, parseHexColor, readableTextOn } from '../../../src/lib/contrast.ts';

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
    const ink = brandInkOnWhite('#ffb000');
    expect(contrastRatio(parseHexColor(ink)!, { r: 255, g: 255, b: 255 })).toBeGreaterThanOrEqual(4.5);
    expect(brandInkOnWhite('#1d4ed8')).toBe('#1d4ed8');
  });
});
