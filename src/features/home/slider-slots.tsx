/**
 * Where the home's sliders go, on the first route: the sliders' own code
 * (Sliders.tsx) loads after the first paint, and until it is there each slot
 * holds the slider's exact height, so the store list does not jump when it
 * arrives. The first route's 125 kB budget (bench first-route-weight) has no
 * room for code the first store card does not need.
 */
import { lazy, Suspense, type ComponentType, type CSSProperties } from 'react';
import type { CategorySlide } from '../../api/entities.ts';
import { PROMO_SLIDER_SIZE_MAX } from '../../api/admin/catalog-limits.ts';
import { numberOr } from '../../api/settings/values.ts';
import { useSettings, type Translate } from '../../base/settings-and-language.tsx';
import type { PromoSliderGroup } from './home-shapes.ts';

/** Spec §9: slider image size is 2.4 rem times the configured size. */
export const SLIDER_REM_PER_SIZE = 2.4;

export function sliderSizeStyle(size: number): CSSProperties {
  // Rounded: 2.4 × 3 is 7.199999… in floating point.
  return { '--slide-size': `${Math.round(SLIDER_REM_PER_SIZE * Math.max(1, size) * 100) / 100}rem` } as CSSProperties;
}

const CORNERS: Record<string, string> = { square: '0', circle: '50%' };

/** The category slider's size, corner style and labels from settings (spec §9): the slider and its placeholder share them. */
export function useCategorySliderLook(): { style: CSSProperties; showLabel: boolean } {
  const settings = useSettings();
  const style = {
    ...sliderSizeStyle(numberOr(settings.get('restaurantCategorySliderSize'), 2)),
    '--slide-corner': CORNERS[settings.get('restaurantCategorySliderStyle')] ?? '0.75rem',
  } as CSSProperties;
  return { style, showLabel: settings.on('showRestaurantCategorySliderLabel') };
}

/** A lazily loaded slider; a chunk that fails to load leaves the space empty rather than breaking home. */
function lazySlider<P extends object>(load: () => Promise<ComponentType<P>>) {
  const nothing: ComponentType<P> = () => null;
  return lazy(() => load().then((component) => ({ default: component }), () => ({ default: nothing })));
}
// Typed by the dynamic import itself: no static import of Sliders.tsx, which imports this file.
const PromoSlider = lazySlider(() => import('./Sliders.tsx').then((module) => module.PromoSlider));
const CategorySlider = lazySlider(() => import('./Sliders.tsx').then((module) => module.CategorySlider));

/** The name of the home's promo slider at this place (0 first): 'Offers', then 'Offers 2', 'Offers 3'… */
export function offersLabel(t: Translate, index: number): string {
  return index === 0 ? t('homeOffers') : t('homeOffersNumbered', { n: index + 1 });
}

/** A promo banner's intrinsic size (12:5, as .promo-slider .slide draws it): the box is known before the image arrives. */
export const PROMO_SLIDE_WIDTH = 720;
export const PROMO_SLIDE_HEIGHT = 300;
/** A category slide's intrinsic size (square; CSS scales it to the configured size). */
export const CATEGORY_SLIDE_PX = 96;

/**
 * A promo slide's picture. The first slide of the home's first slider is
 * usually the largest thing on the first screen (Lighthouse's LCP element):
 * it loads eagerly, at high priority, from the first route's own markup.
 */
export function PromoSlideImage({ src, alt, first }: { src: string; alt: string; first: boolean }) {
  return (
    <img
      src={src}
      alt={alt}
      width={PROMO_SLIDE_WIDTH}
      height={PROMO_SLIDE_HEIGHT}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding="async"
    />
  );
}

/**
 * `priority`: this is the home's first slider, whose first slide is in the
 * first screen. Its picture is requested from the placeholder already, while
 * the sliders' code is still loading, rather than once that code has run.
 */
export function PromoSliderSlot({ slider, label, priority = false }: { slider: PromoSliderGroup; label: string; priority?: boolean }) {
  const first = slider.slides[0];
  const placeholder = (
    <div className="slider promo-slider" style={sliderSizeStyle(slider.size)} aria-hidden="true">
      <span className="slide">{priority && first && <PromoSlideImage src={first.data.image} alt="" first />}</span>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <PromoSlider slider={slider} label={label} priority={priority} />
    </Suspense>
  );
}

/**
 * The space a main promo slider takes before the slides are known (a first
 * visit): the largest banner size, the one a home's main slider usually
 * has, so the mock search and the list below stay where they first painted.
 */
export function PromoSliderSpace() {
  return (
    <div className="slider promo-slider" style={sliderSizeStyle(PROMO_SLIDER_SIZE_MAX)} aria-hidden="true" data-testid="promo-slider-space">
      <span className="slide" />
    </div>
  );
}

export function CategorySliderSlot({ slides }: { slides: readonly CategorySlide[] }) {
  const { style, showLabel } = useCategorySliderLook();
  // One slide's height (image and label): the list below must not move when the slider arrives,
  // or a tap aimed at a store card lands on whatever slid under the finger.
  const placeholder = (
    <div className="slider category-slider" style={style} aria-hidden="true">
      <span className="slide category-slide">
        <span className="category-slide-image-space" />
        {showLabel && <span className="category-slide-label">&nbsp;</span>}
      </span>
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <CategorySlider slides={slides} />
    </Suspense>
  );
}
