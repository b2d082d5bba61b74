/**
 * Demo pictures as SVG: store covers, dish photos, category tiles, promo
 * banners and the logo. A gradient in the store's colour, a food drawing and a
 * label, made locally so the demo needs no network.
 */
import { foodArt } from './food-art.ts';

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** Mixes a #rrggbb colour toward white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  const channels = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  const target = amount > 0 ? 255 : 0;
  const mixed = channels.map((c) => Math.round(c + (target - c) * Math.abs(amount)));
  return `#${mixed.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** The art is clipped to its frame: an SVG shown as an image may otherwise paint its decorations outside its box. */
function svgDocument(width: number, height: number, color: string, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 0.35)}"/><stop offset="1" stop-color="${shade(color, -0.25)}"/></linearGradient>
<radialGradient id="sheen" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
<clipPath id="frame"><rect width="${width}" height="${height}"/></clipPath>
</defs>
<g clip-path="url(#frame)">
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<circle cx="${width * 0.9}" cy="${height * 0.1}" r="${height * 0.45}" fill="#ffffff" opacity="0.08"/>
<circle cx="${width * 0.05}" cy="${height * 0.95}" r="${height * 0.35}" fill="#000000" opacity="0.06"/>
${body}
</g>
</svg>
`;
}

function label(text: string, x: number, y: number, size: number, anchor: 'start' | 'middle' = 'middle'): string {
  return (
    `<text x="${x}" y="${y}" text-anchor="${anchor}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${size}" font-weight="700" fill="#ffffff">${escapeXml(text)}</text>`
  );
}

function placedArt(kind: string, x: number, y: number, scale: number): string {
  return `<g transform="translate(${x} ${y}) scale(${scale})">${foodArt(kind)}</g>`;
}

/**
 * 800×450 cover: the dish drawing, centred so a square thumbnail keeps it.
 * No name in the picture: the app prints it, and a cropped thumbnail would
 * cut a printed one in half.
 */
export function storeCoverSvg(kind: string, color: string): string {
  return svgDocument(800, 450, color, placedArt(kind, 400, 225, 2.3));
}

/** 400×400 dish picture; the app prints the dish's name beside it. */
export function dishSvg(kind: string, color: string): string {
  return svgDocument(400, 400, color, placedArt(kind, 200, 200, 1.9));
}

/** 240×240 tile for a category slide; the app prints the name beside it. */
export function categorySvg(kind: string, color: string): string {
  return svgDocument(240, 240, color, placedArt(kind, 120, 120, 1.25));
}

/** 960×400 promo banner with a headline. */
export function promoBannerSvg(headline: string, kind: string, color: string): string {
  return svgDocument(
    960,
    400,
    color,
    // The headline keeps to the left 60 %, clear of the art on the right.
    placedArt(kind, 830, 200, 1.6) + label(headline, 60, 190, 40, 'start') + label('Order now →', 60, 250, 28, 'start'),
  );
}

/** The brand mark: a white location pin holding a fork, on the brand colour. */
export function brandMark(color: string): string {
  return (
    `<path d="M0 -44c-22 0-38 16-38 36 0 26 38 60 38 60s38-34 38-60c0-20-16-36-38-36z" fill="#ffffff"/>` +
    `<path d="M-10 -26v16a10 10 0 0 0 20 0v-16M0 -26v44" stroke="${color}" stroke-width="5" stroke-linecap="round" fill="none"/>`
  );
}

/** 480×128 logo for the app header: mark and name. */
export function logoSvg(name: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="128" viewBox="0 0 480 128">
<rect x="8" y="8" width="112" height="112" rx="28" fill="${color}"/>
<g transform="translate(64 58)">${brandMark(color)}</g>
${label(name, 140, 84, 56, 'start').replace('fill="#ffffff"', `fill="${shade(color, -0.35)}"`)}
</svg>
`;
}
