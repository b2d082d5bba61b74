/**
 * The home's horizontal sliders: promo slides (spec §3, image height 2.4 rem ×
 * the slider's size, §9) and the store-category slides, whose size, corner
 * style and label come from settings. Loaded after the first paint through
 * slider-slots.tsx, which holds their place meanwhile.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { CategorySlide } from '../../api/entities.ts';
import { useT } from '../../base/settings-and-language.tsx';
import type { PromoSliderGroup } from './home-shapes.ts';
import { CATEGORY_SLIDE_PX, PromoSlideImage, sliderSizeStyle as sizeStyle, useCategorySliderLook } from './slider-slots.tsx';
import { sizedImageProps } from '../../api/sized-images.ts';

/** An in-app path opens in the app; anything else is a link out. */
function SlideLink({ url, label, children }: { url: string | null; label: string; children: ReactNode }) {
  if (url?.startsWith('/')) {
    return (
      <Link to={url} className="slide" aria-label={label}>
        {children}
      </Link>
    );
  }
  if (url) {
    return (
      <a href={url} className="slide" aria-label={label} rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <span className="slide">{children}</span>;
}

export function PromoSlider({ slider, label, priority = false }: { slider: PromoSliderGroup; label: string; priority?: boolean }) {
  return (
    <section className="slider promo-slider" style={sizeStyle(slider.size)} aria-label={label} data-testid="promo-slider">
      {slider.slides.map(({ data, url }, index) => (
        <SlideLink key={data.id} url={url} label={data.name}>
          <PromoSlideImage src={data.image} alt={data.name} first={priority && index === 0} />
        </SlideLink>
      ))}
    </section>
  );
}

export function CategorySlider({ slides }: { slides: readonly CategorySlide[] }) {
  const t = useT();
  const { style, showLabel } = useCategorySliderLook();
  return (
    <nav className="slider category-slider" style={style} aria-label={t('homeCategories')} data-testid="category-slider">
      {slides.map((slide) => (
        <Link
          key={slide.id}
          to={`/categories/stores?ids=${slide.categories_ids.join(',')}`}
          className="slide category-slide"
          aria-label={showLabel ? undefined : slide.name}
        >
          <img
            src={slide.image}
            {...sizedImageProps(slide.image, CATEGORY_SLIDE_PX)}
            alt=""
            width={CATEGORY_SLIDE_PX}
            height={CATEGORY_SLIDE_PX}
            loading="lazy"
            decoding="async"
          />
          {showLabel && <span className="category-slide-label">{slide.name}</span>}
        </Link>
      ))}
    </nav>
  );
}
