/**
 * Pictures at the size a screen shows them. The server answers
 * `/public/images/sized/<size>/<path>` with the picture at
 * `/public/images/<path>` as WebP whose shorter side is `<size>` pixels
 * (never larger than the picture itself), made once and kept
 * (server/routes/sized-images.ts). The shorter side, not the width: the
 * screens show these pictures as squares cut from them (`object-fit:
 * cover`), and a 16:9 store cover cut to a square needs its height.
 * A store card's 96 px thumbnail no longer downloads the store's full-width
 * header, nor a menu line an uploaded 2048 px photo: the screens name the
 * sizes in `srcset` and the browser takes the one its screen needs.
 */
import { IMAGES_PATH_PREFIX } from './paths.ts';

export const SIZED_IMAGES_PREFIX = `${IMAGES_PATH_PREFIX}sized/`;

/** The sizes offered: a list, so the server makes and keeps a few files per picture, not one per asked size. */
export const SIZED_IMAGE_WIDTHS = [96, 192, 384, 768] as const;
export type SizedImageWidth = (typeof SIZED_IMAGE_WIDTHS)[number];

/** What the server can draw smaller: the formats uploads are stored in, and the demo's SVG. */
export const RESIZABLE_IMAGE = /\.(?:svg|png|jpe?g|webp)$/i;

/**
 * What the screens ask sized copies of: photos. A vector picture is already
 * small at any size (the demo's are about 1.2 kB, their 192 px WebP copies
 * 2-2.7 kB), and on the home those extra bytes beside the banner delayed its
 * paint (LCP +150 ms in interleaved Lighthouse runs).
 */
const SIZED_ON_SCREENS = /\.(?:png|jpe?g|webp)$/i;

export function isSizedImageWidth(width: number): width is SizedImageWidth {
  return (SIZED_IMAGE_WIDTHS as readonly number[]).includes(width);
}

/** The picture's path under /public/images/ when this server can size it, else null (another site's address, a sized one already). */
function resizablePath(url: string, kinds: RegExp = RESIZABLE_IMAGE): string | null {
  if (!url.startsWith(IMAGES_PATH_PREFIX) || url.startsWith(SIZED_IMAGES_PREFIX)) return null;
  const rest = url.slice(IMAGES_PATH_PREFIX.length);
  if (rest.includes('?') || rest.includes('#') || !kinds.test(rest)) return null;
  return rest;
}

export function sizedImageUrl(url: string, width: SizedImageWidth): string {
  const rest = resizablePath(url);
  return rest === null ? url : `${SIZED_IMAGES_PREFIX}${width}/${rest}`;
}

/**
 * `srcSet` and `sizes` for a picture shown in a `cssPx` square: every
 * offered size from `cssPx` to three times it, so a screen of 1 to 3 device
 * pixels per CSS pixel finds one. Each is described as that many pixels wide
 * (`w`), which is what the square shows of it. Nothing for a vector
 * picture, nor for an address this server does not size.
 */
export function sizedImageProps(url: string | null | undefined, cssPx: number): { srcSet: string; sizes: string } | Record<string, never> {
  if (!url || resizablePath(url, SIZED_ON_SCREENS) === null) return {};
  const widths = SIZED_IMAGE_WIDTHS.filter((width, index) => width >= cssPx && (width <= cssPx * 3 || SIZED_IMAGE_WIDTHS[index - 1]! < cssPx * 3));
  if (widths.length === 0) return {};
  return { srcSet: widths.map((width) => `${sizedImageUrl(url, width)} ${width}w`).join(', '), sizes: `${cssPx}px` };
}
