/**
 * /search-location and /my-location: pick a popular location (the text field
 * filters them at once, offline too), a place found by text (the server's
 * gazetteer, saved per query so a search seen once answers offline) or the
 * GPS. A popular location is saved at once as a business location, as the
 * primary one is; a place or a GPS fix is the user's own, confirmed with a
 * house and a tag first.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { LanguageSelect } from '../../ui/LanguageSelect.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { ConfirmAddress, type PendingAddress } from './ConfirmAddress.tsx';
import { PlaceChooser, type PopularChoice } from './PlaceChooser.tsx';

export { coordinatesName, filterLocations } from './PlaceChooser.tsx';

export function SearchLocationScreen() {
  const t = useT();
  const { worker } = useServices();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<PendingAddress | null>(null);

  const choosePopular = async (location: PopularChoice) => {
    await worker.setAddress({
      lat: location.latitude,
      lng: location.longitude,
      address: location.name,
      house: null,
      tag: null,
      businessLocation: true,
    });
    void navigate('/');
  };

  const saveOwn = async (house: string | null, tag: string | null) => {
    if (!pending) return;
    await worker.setAddress({ ...pending, house, tag, businessLocation: false });
    void navigate('/');
  };

  if (pending) {
    return (
      <ScreenShell title={t('screenSearchLocation')}>
        <ConfirmAddress place={pending} onSave={saveOwn} onBack={() => setPending(null)} />
      </ScreenShell>
    );
  }

  return (
    <ScreenShell title={t('screenSearchLocation')}>
      {/* A first visit starts here: the language too is chosen before anything else. */}
      <LanguageSelect />
      <PlaceChooser query={query} onQueryChange={setQuery} onPopular={(location) => void choosePopular(location)} onPlace={setPending} />
    </ScreenShell>
  );
}
