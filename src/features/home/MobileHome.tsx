import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { TabBar } from '../../ui/tab-bar/TabBar.tsx';
import { useCustomerSignedIn } from '../../base/hooks/use-replica-rows.ts';
import { useSettings, useT } from '../../base/settings-and-language.tsx';
import { SearchIcon } from '../../ui/icons.tsx';
import { GpsBarSlot } from './GpsBarSlot.tsx';
import { HomeHeader } from './HomeHeader.tsx';
import { HomeMessage } from './HomeMessage.tsx';
import { HomeStoreList } from './HomeStoreList.tsx';
import { offersLabel, PromoSliderSlot, PromoSliderSpace } from './slider-slots.tsx';
import { usePromoSliders } from './home-rows.ts';
import './home.css';

// The location sheet decides for itself when to show; its code follows the
// first paint, and a chunk that fails to load shows nothing.
const nothing = () => ({ default: () => null });
const HomeLocationSheet = lazy(() => import('../location/home-location.tsx').then((m) => ({ default: m.HomeLocationSheet }), nothing));
// Only a signed-in customer with an order on its way sees it: its code stays off the first route,
// and is not even loaded for a visitor who is not signed in.
const RunningOrderBanner = lazy(() => import('./RunningOrderBanner.tsx').then((m) => ({ default: m.RunningOrderBanner }), nothing));

/** Spec §2 mobile home: header, main promo slider, mock search, message, the store list, the tab bar. */
export function MobileHome() {
  const t = useT();
  const settings = useSettings();
  const { sliders, known: slidesKnown } = usePromoSliders();
  const customerSignedIn = useCustomerSignedIn();
  const showSliders = settings.on('showPromoSlider');
  return (
    <div className="mobile-home has-tab-bar">
      <HomeHeader />
      <main className="home-body">
        {/* The page's title for assistive technology: the header shows the address, not a heading. */}
        <h1 className="visually-hidden">{settings.get('storeName')}</h1>
        <GpsBarSlot />
        {customerSignedIn && (
          <Suspense fallback={null}>
            <RunningOrderBanner />
          </Suspense>
        )}
        {showSliders &&
          sliders.main.map((slider, index) => <PromoSliderSlot key={slider.id} slider={slider} label={offersLabel(t, index)} priority={index === 0} />)}
        {showSliders && !slidesKnown && sliders.main.length === 0 && <PromoSliderSpace />}
        {settings.on('mockSearchOnHomepage') && (
          <Link to="/explore" state={{ focusSearch: true }} className="mock-search" data-testid="mock-search">
            <SearchIcon />
            {t('explorePlaceholder')}
          </Link>
        )}
        <HomeMessage />
        <section className="store-list-area" aria-labelledby="nearby-stores-heading" data-testid="store-list-area">
          <h2 id="nearby-stores-heading">{t('homeNearbyStores')}</h2>
          <HomeStoreList sliders={sliders} />
        </section>
      </main>
      <TabBar />
      <Suspense fallback={null}>
        <HomeLocationSheet />
      </Suspense>
    </div>
  );
}
