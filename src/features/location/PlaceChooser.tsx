/**
 * Finding a place, as /search-location and the saved-addresses form both do:
 * a text field that filters the popular locations at once (offline too) and
 * searches places on the server (saved per query, so a search seen once
 * answers offline), and the GPS, named by reverse geocoding (coordinates when
 * it cannot be named). What happens to the choice is the caller's.
 */
import { useEffect } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import type { Place } from '../../api/entities.ts';
import { foldPlaceText, placeMatchTier } from '../../api/catalog/place-text.ts';
import type { PopularLocationRow } from '../../db/schema.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PinIcon } from '../../ui/icons.tsx';
import type { PendingAddress } from './ConfirmAddress.tsx';
import { useGpsLocate } from './use-gps.ts';
import { usePlaceResults } from './use-place-results.ts';
import { primaryFirstThenByName } from './popular-order.ts';
import '../../ui/text-field.css';
import '../../ui/grouped-list.css';
import './location.css';

/** A popular location, or a place the server lists as one. */
export interface PopularChoice {
  name: string;
  latitude: number;
  longitude: number;
}

interface PlaceChooserProps {
  /** The text field's value, kept by the caller so it survives the step after the choice. */
  query: string;
  onQueryChange(query: string): void;
  onPopular(location: PopularChoice): void;
  /** A place found by text, or a GPS fix, with its name. */
  onPlace(place: PendingAddress): void;
}

/** The primary location first, then by name; with a query, those whose name (or a word of it) starts with it, accents ignored. */
export function filterLocations(locations: readonly PopularLocationRow[], query: string): PopularLocationRow[] {
  const q = foldPlaceText(query);
  const sorted = primaryFirstThenByName(locations);
  return q === '' ? sorted : sorted.filter((location) => placeMatchTier(q, location.name) !== null);
}

/** A point named by coordinates, for a fix that could not be named (offline). */
export function coordinatesName(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

export function PlaceChooser({ query, onQueryChange, onPopular, onPlace }: PlaceChooserProps) {
  const t = useT();
  const { db, worker } = useServices();
  const locations = useLiveQuery(() => db.popularLocations.toArray(), [db], null);
  const results = usePlaceResults(query);

  useEffect(() => {
    void worker.refreshPopularLocations();
  }, [worker]);

  const choosePlace = (place: Place) => {
    if (place.kind === 'popular') onPopular(place);
    else onPlace({ lat: place.latitude, lng: place.longitude, address: place.name });
  };

  const shown = locations ? filterLocations(locations, query) : [];
  const popularNames = new Set(shown.map((location) => location.name));
  // The server lists matching popular locations too: the list above has them.
  const places = (results.places ?? []).filter((place) => !(place.kind === 'popular' && popularNames.has(place.name)));
  const typed = query.trim() !== '';
  const nothing = typed && shown.length === 0 && places.length === 0;
  return (
    <>
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
        enterKeyHint="search"
        onChange={(event) => onQueryChange(event.target.value)}
      />
      <GpsButton onFix={onPlace} />
      {(!typed || shown.length > 0) && <h2 className="location-heading">{t('locationPopularHeading')}</h2>}
      {locations && locations.length === 0 && !typed && <EmptyState>{t('locationNoneSaved')}</EmptyState>}
      {shown.length > 0 && (
        <ul className="grouped-list location-list" data-testid="location-list">
          {shown.map((location) => (
            <li key={location.id}>
              <button type="button" className="location-option" onClick={() => onPopular(location)}>
                <PinIcon />
                <span>{location.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {typed && (
        <section className="place-results" aria-labelledby="place-results-heading">
          <h2 id="place-results-heading" className="location-heading">
            {t('placesHeading')}
          </h2>
          {results.unreachable && (
            <p className="location-note" data-testid="places-offline">
              {t('placesOfflineNote')}
            </p>
          )}
          {results.searching && places.length === 0 && (
            <p className="location-note" role="status">
              {t('placesSearching')}
            </p>
          )}
          {nothing && !results.searching && <EmptyState>{t('locationNoMatch', { query: query.trim() })}</EmptyState>}
          {places.length > 0 && (
            <ul className="grouped-list location-list" data-testid="place-results">
              {places.map((place) => (
                <li key={`${place.kind}:${place.name}`}>
                  <button type="button" className="location-option" onClick={() => choosePlace(place)}>
                    <PinIcon />
                    <span>{place.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

/** The fix is named by the server (coordinates when offline), then handed on. */
function GpsButton({ onFix }: { onFix: (place: PendingAddress) => void }) {
  const t = useT();
  const { worker } = useServices();
  const gps = useGpsLocate(async (lat, lng) => {
    const named = await worker.reverseGeocode(lat, lng);
    onFix({ lat, lng, address: named.ok ? named.value : coordinatesName(lat, lng) });
    return null;
  });

  return (
    <div className="location-gps">
      <button type="button" className="button button-primary location-gps-button" onClick={gps.locate} disabled={gps.locating}>
        {gps.locating ? t('locationLocating') : t('locationUseGps')}
      </button>
      {gps.message && (
        <p className="location-gps-message" role="alert" data-testid="gps-message">
          {t(gps.message)}
        </p>
      )}
    </div>
  );
}
