import { Link } from 'react-router-dom';
import { TabBar } from '../../app/tab-bar/TabBar.tsx';
import { useCurrentAddress } from '../../app/hooks/use-replica-rows.ts';
import { useT } from '../../app/look.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { HomeHeader } from './HomeHeader.tsx';
import { HomeMessage } from './HomeMessage.tsx';
import './home.css';

/** Spec §2 mobile home: header, optional message, the store-list area, the tab bar. */
export function MobileHome() {
  const t = useT();
  const address = useCurrentAddress();
  return (
    <div className="mobile-home has-tab-bar">
      <HomeHeader />
      <main className="home-body">
        <HomeMessage />
        <section className="store-list-area" aria-labelledby="nearby-stores-heading" data-testid="store-list-area">
          <h2 id="nearby-stores-heading">{t('homeNearbyStores')}</h2>
          {address === null ? (
            <EmptyState
              action={
                <Link className="button button-primary" to="/search-location">
                  {t('chooseLocation')}
                </Link>
              }
            >
              {t('comingScreenBody')}
            </EmptyState>
          ) : (
            <EmptyState>{t('comingScreenBody')}</EmptyState>
          )}
        </section>
      </main>
      <TabBar />
    </div>
  );
}
