/**
 * Where the home's sliders go, on the first route: the sliders' own code
 * (Sliders.tsx) loads after the first paint, and until it is there each slot
 * holds the slider's exact height, so the store list does not jump when it
 * arrives. The first route's 125 kB budget (bench first-route-weight) has no
 * room for code the first store card does not need.
 */
import { lazy, Suspense, type ComponentType, type CSSProperties } from 'react';
import type { CategorySlide } from '../../api/entities.ts';
import { numberOr } from '../../api/setting-values.ts';
import { useSettings } from '../../app/look.tsx';
import type { PromoSliderGroup } from './home-rows.ts';
import type * as Sliders from './Sliders.tsx';

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
function lazySlider<P extends object>(pick: (module: typeof Sliders) => ComponentType<P>) {
  const nothing: ComponentType<P> = () => null;
  return lazy(() => import('./Sliders.tsx').then((module) => ({ default: pick(module) }), () => ({ default: nothing })));
}
const PromoSlider = lazySlider((module) => module.PromoSlider);
const CategorySlider = lazySlider((module) => module.CategorySlider);

export function PromoSliderSlot({ slider, label }: { slider: PromoSliderGroup; label: string }) {
  const placeholder = (
    <div className="slider promo-slider" style={sliderSizeStyle(slider.size)} aria-hidden="true">
      <span className="slide" />
    </div>
  );
  return (
    <Suspense fallback={placeholder}>
      <PromoSlider slider={slider} label={label} />
    </Suspense>
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
