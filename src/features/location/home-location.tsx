/**
 * Home's location pieces (spec §2 "other pieces", §4), loaded lazily by the
 * home screen so they stay out of its first-route chunk:
 *
 * - HomeLocationSheet: the popular-locations bottom sheet. It opens while the
 *   user has never chosen a location (prefs.locationChosenByUser) and the
 *   saved address is a business (default) location. A GPS fix from it is
 *   saved as a business location and the page reloads (spec §4).
 * - UseGpsBar: a slim bar inviting the user to use the GPS; the fix is then
 *   the user's own address. Home's GpsBarSlot decides when it shows (a
 *   business location) and keeps its place while this code loads.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLiveQuery } from '../../db/live-query.ts';
import type { PopularLocation } from '../../api/entities.ts';
import { useCurrentAddress, usePref } from '../../base/hooks/use-replica-rows.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { useServices } from '../../base/services.tsx';
import { PrefKey } from '../../db/schema.ts';
import { PinIcon } from '../../ui/icons.tsx';
import { useGpsLocate } from './use-gps.ts';
import { primaryFirstThenByName } from './popular-order.ts';
import './home-location.css';

/** sessionStorage: the sheet was closed without a choice; it opens again on the next visit. */
export const SHEET_DISMISSED_KEY = 'locationSheetDismissed';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(SHEET_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(): void {
  try {
    sessionStorage.setItem(SHEET_DISMISSED_KEY, '1');
  } catch {
    // Storage blocked: the sheet just stays closed until the page reloads.
  }
}

/** True while the address is a business location the user never replaced by a choice of their own. */
function useOnDefaultLocation(): { business: boolean; neverChosen: boolean } {
  const address = useCurrentAddress();
  const chosen = usePref(PrefKey.locationChosenByUser);
  // undefined while the pref loads: decide nothing yet.
  return { business: address?.businessLocation === true, neverChosen: chosen !== undefined && chosen !== true };
}

export function HomeLocationSheet() {
  const { business, neverChosen } = useOnDefaultLocation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!business || !neverChosen || dismissed) return null;
  return (
    <LocationSheet
      onClose={() => {
        rememberDismissed();
        setDismissed(true);
      }}
    />
  );
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

function LocationSheet({ onClose }: { onClose: () => void }) {
  const t = useT();
  const { db, worker, reloadPage } = useServices();
  const locations = useLiveQuery(() => db.popularLocations.toArray(), [db], []);
  const dialog = useRef<HTMLDivElement>(null);
  const gps = useGpsLocate(async (lat, lng) => {
    const saved = await worker.useGpsFix(lat, lng, { asBusinessLocation: true });
    if (!saved.ok) return 'locationGpsUnavailable';
    reloadPage();
    return null;
  });

  // Focus moves into the sheet, and back where it was when the sheet goes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.current?.focus();
    return () => before?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  // Tab stays inside the modal sheet.
  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const pick = (location: PopularLocation) =>
    void worker.setAddress({
      lat: location.latitude,
      lng: location.longitude,
      address: location.name,
      house: null,
      tag: null,
      businessLocation: true,
    });

  const sorted = primaryFirstThenByName(locations);
  return (
    <div className="location-sheet-layer">
      <div className="location-sheet-backdrop" onClick={onClose} data-testid="location-sheet-backdrop" />
      <div
        ref={dialog}
        className="location-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby="location-sheet-title"
        tabIndex={-1}
        onKeyDown={trapTab}
        data-testid="location-sheet"
      >
        <div className="location-sheet-head">
          <h2 id="location-sheet-title">{t('locationSheetTitle')}</h2>
          <button type="button" className="icon-button" aria-label={t('close')} onClick={onClose}>
            <svg className="icon" viewBox="0 0 24 24" width="22" height="22" fill="none" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <button type="button" className="button button-primary location-sheet-gps" onClick={gps.locate} disabled={gps.locating}>
          <PinIcon />
          {gps.locating ? t('locationLocating') : t('locationUseCurrent')}
        </button>
        {gps.message && (
          <p className="location-sheet-message" role="alert">
            {t(gps.message)}
          </p>
        )}
        <h3 className="location-sheet-subheading">{t('locationPopularHeading')}</h3>
        <ul className="location-sheet-list" data-testid="location-sheet-list">
          {sorted.map((location) => (
            <li key={location.id}>
              <button type="button" className="location-sheet-option" onClick={() => pick(location)}>
                <PinIcon />
                <span>{location.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Drawn where home's GpsBarSlot decided it belongs (a business location). */
export function UseGpsBar() {
  const t = useT();
  const { worker } = useServices();
  const gps = useGpsLocate(async (lat, lng) => {
    const saved = await worker.useGpsFix(lat, lng, { asBusinessLocation: false });
    return saved.ok ? null : 'locationGpsUnavailable';
  });
  return (
    <div className="use-gps-bar" data-testid="use-gps-bar">
      <p className="use-gps-bar-text">
        <PinIcon />
        <span>{t('gpsBarText')}</span>
      </p>
      <button type="button" className="use-gps-bar-button" onClick={gps.locate} disabled={gps.locating}>
        {gps.locating ? t('locationLocating') : t('locationUseGps')}
      </button>
      {gps.message && (
        <p className="use-gps-bar-message" role="alert">
          {t(gps.message)}
        </p>
      )}
    </div>
  );
}
