/**
 * App icons as PNG (the manifest and iOS need raster icons), drawn with a tiny
 * PNG encoder on node:zlib: RGBA pixels, one IHDR, one IDAT, CRC32 per chunk.
 * The icon is the brand colour with a white location pin; the maskable one
 * fills the square and keeps the pin inside the central safe zone.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Encodes RGBA pixels (width × height × 4 bytes, row by row) as a PNG file. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error('encodePng: pixel buffer does not match the size');
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // colour type: RGBA
  // bytes 10-12: compression, filter and interlace methods, all 0.
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (stride + 1)] = 0; // filter: none
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Is the point (unit square coordinates) on the white pin? */
function onPin(x: number, y: number, scale: number): boolean {
  // Work in coordinates centred on the pin head with the pin's own size.
  const u = (x - 0.5) / scale;
  const v = (y - 0.47) / scale;
  const head = u * u + (v + 0.12) ** 2 <= 0.3 ** 2;
  const hole = u * u + (v + 0.12) ** 2 <= 0.12 ** 2;
  // The point of the pin: a triangle from the head's sides down to the tip.
  const tail = v >= -0.04 && v <= 0.5 && Math.abs(u) <= 0.26 * (1 - (v + 0.04) / 0.54);
  return (head || tail) && !hole;
}

function insideRoundedSquare(x: number, y: number, radius: number): boolean {
  const dx = Math.max(radius - x, 0, x - (1 - radius));
  const dy = Math.max(radius - y, 0, y - (1 - radius));
  return dx * dx + dy * dy <= radius * radius;
}

export interface IconOptions {
  size: number;
  color: string;
  /** Full-bleed square with the mark in the safe zone (Android adaptive icons). */
  maskable: boolean;
}

/** Draws the icon with 4×4 supersampling so the edges are smooth. */
export function drawIcon({ size, color, maskable }: IconOptions): Buffer {
  const [r, g, b] = parseHex(color);
  const pinScale = maskable ? 0.62 : 0.8;
  const cornerRadius = maskable ? 0 : 0.2;
  const samples = 4;
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let background = 0;
      let white = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = (px + (sx + 0.5) / samples) / size;
          const y = (py + (sy + 0.5) / samples) / size;
          if (!insideRoundedSquare(x, y, cornerRadius)) continue;
          if (onPin(x, y, pinScale)) white += 1;
          else background += 1;
        }
      }
      const covered = background + white;
      const offset = (py * size + px) * 4;
      if (covered === 0) continue;
      const whiteShare = white / covered;
      pixels[offset] = Math.round(r + (255 - r) * whiteShare);
      pixels[offset + 1] = Math.round(g + (255 - g) * whiteShare);
      pixels[offset + 2] = Math.round(b + (255 - b) * whiteShare);
      pixels[offset + 3] = Math.round((covered / (samples * samples)) * 255);
    }
  }
  return encodePng(size, size, pixels);
}
