/**
 * Where each demo picture lives and the writer that puts them in
 * DATA_DIR/images, which the server serves at /public/images/. Files that
 * already exist are kept, so a restart does not redraw them; delete the
 * folder to regenerate.
 *
 * The home's promo banners and category tiles are drawn as SVG and written as
 * WebP at the size the home shows them (as an operator's uploaded photos
 * are): the home shows 13 of them at once, and each SVG picture is a document
 * of its own the page's main thread builds and paints, where a WebP is
 * decoded off it. Store covers and dishes stay SVG: one address serves both a
 * thumbnail and a full-width header, and a WebP sharp enough for the header
 * would be four times the bytes of the SVG in every thumbnail.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGES_PATH_PREFIX } from '../../src/api/paths.ts';
import { SETTING_DEFAULTS } from '../../src/api/settings/defaults.ts';
import { imagesDir } from '../config.ts';
import { DEMO_CATEGORIES, DEMO_CATEGORY_SLIDES, DEMO_PROMO_SLIDERS } from './demo-city.ts';
import { DEMO_STORES } from './demo-stores.ts';
import { drawIcon } from './images/png-icons.ts';
import { categorySvg, dishSvg, logoSvg, promoBannerSvg, storeCoverSvg } from './images/svg-images.ts';

export const IMAGES_URL_PREFIX = IMAGES_PATH_PREFIX;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export const demoImagePaths = {
  store: (storeSlug: string) => `stores/${storeSlug}.svg`,
  dish: (storeSlug: string, dishName: string) => `dishes/${storeSlug}/${slugify(dishName)}.svg`,
  category: (key: string) => `categories/${key}.svg`,
  categorySlide: (name: string) => `category-slides/${slugify(name)}.webp`,
  promo: (slideName: string) => `promos/${slugify(slideName)}.webp`,
};

/**
 * Widths the WebP pictures are written at: twice the CSS pixels the home
 * shows a category tile at (src/features/home/slider-slots.tsx, 96 px), and a
 * promo banner's 720 px, which fills a phone at its usual 1.75–2 device pixels.
 */
export const DEMO_RASTER_WIDTH = { categorySlide: 192, promo: 720 } as const;

async function webp(svg: string, width: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 70 }).toBuffer();
}

export function imageUrl(relativePath: string): string {
  return `${IMAGES_URL_PREFIX}${relativePath}`;
}

type ImageSource = () => string | Buffer | Promise<Buffer>;

function demoImageSources(): Map<string, ImageSource> {
  const brand = SETTING_DEFAULTS.storeColor;
  const sources = new Map<string, ImageSource>();
  // The brand images sit where the default settings point.
  const brandFile = (settingUrl: string) => settingUrl.slice(IMAGES_URL_PREFIX.length);
  sources.set(brandFile(SETTING_DEFAULTS.storeLogo), () => logoSvg(SETTING_DEFAULTS.storeName, brand));
  sources.set(brandFile(SETTING_DEFAULTS.storeIcon192), () => drawIcon({ size: 192, color: brand, maskable: false }));
  sources.set(brandFile(SETTING_DEFAULTS.storeIcon512), () => drawIcon({ size: 512, color: brand, maskable: false }));
  sources.set(brandFile(SETTING_DEFAULTS.storeMaskableIcon), () =>
    drawIcon({ size: 512, color: brand, maskable: true }),
  );

  for (const store of DEMO_STORES) {
    sources.set(demoImagePaths.store(store.slug), () => storeCoverSvg(store.art, store.color));
    for (const dishes of Object.values(store.menu)) {
      for (const dish of dishes) {
        sources.set(demoImagePaths.dish(store.slug, dish.name), () => dishSvg(dish.art, store.color));
      }
    }
  }
  for (const category of DEMO_CATEGORIES) {
    sources.set(demoImagePaths.category(category.key), () => categorySvg(category.art, brand));
  }
  for (const slide of DEMO_CATEGORY_SLIDES) {
    sources.set(demoImagePaths.categorySlide(slide.name), () => webp(categorySvg(slide.art, brand), DEMO_RASTER_WIDTH.categorySlide));
  }
  for (const slider of DEMO_PROMO_SLIDERS) {
    for (const slide of slider.slides) {
      const store = DEMO_STORES.find((candidate) => candidate.slug === slide.storeSlug);
      sources.set(demoImagePaths.promo(slide.name), () =>
        webp(promoBannerSvg(slide.headline, slide.art, store?.color ?? brand), DEMO_RASTER_WIDTH.promo),
      );
    }
  }
  return sources;
}

/** Writes every missing demo image; returns the relative paths it wrote. */
export async function writeDemoImages(dataDir: string): Promise<string[]> {
  const root = imagesDir({ dataDir });
  const written: string[] = [];
  for (const [relativePath, source] of demoImageSources()) {
    const file = path.join(root, relativePath);
    if (await exists(file)) continue;
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, await source());
    written.push(relativePath);
  }
  return written;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}
