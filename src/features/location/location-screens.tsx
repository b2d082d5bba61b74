/**
 * /search-location and /my-location: pick a popular location (the text field
 * filters them, so the search works offline too) or use the GPS.
 */
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useNavigate } from 'react-router-dom';
import { GPS_TIMEOUT_MS } from '../../api/constants.ts';
import type { TextKey } from '../../api/texts.ts';
import { normaliseQuery } from '../../db/keys.ts';
import type { PopularLocationRow } from '../../db/schema.ts';
import { useSettings, useT } from '../../app/look.tsx';
import { useServices } from '../../app/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PinIcon } from '../../ui/icons.tsx';
import { ScreenShell } from '../../ui/ScreenShell.tsx';
import { gpsFailureAction } from './gps.ts';
import '../../ui/text-field.css';
import './location.css';

export function filterLocations(locations: readonly PopularLocationRow[], query: string): PopularLocationRow[] {
  const q = normaliseQuery(query);
  const sorted = [...locations].sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.name.localeCompare(b.name));
  return q === '' ? sorted : sorted.filter((location) => normaliseQuery(location.name).includes(q));
}

export function SearchLocationScreen() {
  const t = useT();
  const { db, worker } = useServices();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const locations = useLiveQuery(() => db.popularLocations.toArray(), [db], null);

  useEffect(() => {
    void worker.refreshPopularLocations();
  }, [worker]);

  const choose = async (location: PopularLocationRow) => {
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

  const shown = locations ? filterLocations(locations, query) : [];
  return (
    <ScreenShell title={t('screenSearchLocation')}>
      <label htmlFor="location-query" className="visually-hidden">
        {t('locationSearchLabel')}
      </label>
      <input
        id="location-query"
        type="search"
        className="text-field"
        placeholder={t('locationSearchPlaceholder')}
        value={query}
        autoComplete="off"
        onChange={(event) => setQuery(event.target.value)}
      />
      <GpsButton />
      <h2 className="location-heading">{t('locationPopularHeading')}</h2>
      {locations && locations.length === 0 && <EmptyState>{t('locationNoneSaved')}</EmptyState>}
      {locations && locations.length > 0 && shown.length === 0 && (
        <EmptyState>{t('locationNoMatch', { query: query.trim() })}</EmptyState>
      )}
      {shown.length > 0 && (
        <ul className="location-list" data-testid="location-list">
          {shown.map((location) => (
            <li key={location.id}>
              <button type="button" className="location-option" onClick={() => void choose(location)}>
                <PinIcon />
                <span>{location.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </ScreenShell>
  );
}

function GpsButton() {
  const t = useT();
  const settings = useSettings();
  const { worker } = useServices();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<TextKey | null>(null);

  const fail = (code: number | null) => {
    setLocating(false);
    const action = gpsFailureAction(code, navigator.userAgent);
    if (action.kind === 'alert') window.alert(settings.get('gpsAccessNotGrantedMsg'));
    else setMessage(action.text);
  };

  const locate = () => {
    setMessage(null);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      fail(null);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        void worker
          .useGpsFix(position.coords.latitude, position.coords.longitude, { asBusinessLocation: false })
          .then((result) => {
            setLocating(false);
            if (result.ok) void navigate('/');
            else setMessage('locationGpsUnavailable');
          });
      },
      (error) => fail(error.code),
      { timeout: GPS_TIMEOUT_MS, enableHighAccuracy: true, maximumAge: 60_000 },
    );
  };

  return (
    <div className="location-gps">
      <button type="button" className="button button-primary location-gps-button" onClick={locate} disabled={locating}>
        {locating ? t('locationLocating') : t('locationUseGps')}
      </button>
      {message && (
        <p className="location-gps-message" role="alert" data-testid="gps-message">
          {t(message)}
        </p>
      )}
    </div>
  );
}
