/** Colour helpers so text on the configurable brand colour stays readable (WCAG 2 contrast). */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHexColor(value: string): Rgb | null {
  const hex = value.trim().replace(/^#/, '');
  const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) return null;
  return {
    r: parseInt(full.slice(0, 2), 16),
    g: parseInt(full.slice(2, 4), 16),
    b: parseInt(full.slice(4, 6), 16),
  };
}

function channel(value: number): number {
  const s = value / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
const BLACK: Rgb = { r: 0, g: 0, b: 0 };

/**
 * White or black text for a background. White wins whenever it reaches the
 * 4.5:1 of normal text (brands usually want white); otherwise the stronger one.
 */
export function readableTextOn(background: string): '#ffffff' | '#000000' {
  const rgb = parseHexColor(background);
  if (!rgb) return '#ffffff';
  const onWhite = contrastRatio(rgb, WHITE);
  if (onWhite >= 4.5) return '#ffffff';
  return onWhite >= contrastRatio(rgb, BLACK) ? '#ffffff' : '#000000';
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** The light backgrounds brand text sits on: cards (--surface) and the page (--bg, base.css). */
export const LIGHT_SURFACE = '#ffffff';
export const PAGE_BACKGROUND = '#f6f6f8';
/** The active tab's pill: the brand at 14 % over the surface (tab-bar.css). */
const TINT_SHARE = 0.14;

function mix(a: Rgb, b: Rgb, shareOfA: number): Rgb {
  return { r: a.r * shareOfA + b.r * (1 - shareOfA), g: a.g * shareOfA + b.g * (1 - shareOfA), b: a.b * shareOfA + b.b * (1 - shareOfA) };
}

/**
 * The brand colour darkened until it reads as text (4.5:1) on every light
 * background it is used on: cards, the page's grey and the brand's own pale
 * tint; for links, the active tab label and the console's accents. A dark
 * enough brand comes back unchanged.
 */
export function brandInk(brand: string): string {
  let rgb = parseHexColor(brand);
  if (!rgb) return '#1f2937';
  const surface = parseHexColor(LIGHT_SURFACE) ?? WHITE;
  const backgrounds = [surface, parseHexColor(PAGE_BACKGROUND) ?? WHITE, mix(rgb, surface, TINT_SHARE)];
  // Rounded as it will be written, so the check holds for the colour the page really gets.
  const reads = (ink: Rgb) => backgrounds.every((background) => contrastRatio(parseHexColor(toHex(ink)) ?? ink, background) >= 4.5);
  for (let step = 0; step < 30 && !reads(rgb); step++) {
    rgb = { r: rgb.r * 0.95, g: rgb.g * 0.95, b: rgb.b * 0.95 };
  }
  return toHex(rgb);
}
