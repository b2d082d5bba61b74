/**
 * The one GPS flow of every place that offers it (/search-location, the home
 * sheet, the use-GPS bar): ask the browser with the spec's time-out, then hand
 * the fix on; a failure follows gps.ts (an alert with gpsAccessNotGrantedMsg
 * when permission is denied, a message on the page otherwise).
 */
import { useState } from 'react';
import { GPS_TIMEOUT_MS } from '../../api/constants.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useSettings } from '../../base/settings-and-language.tsx';
import { gpsFailureAction } from '../../lib/gps.ts';

/** What to do with a fix; resolves to a message to show, or null when all went well. */
export type GpsFixHandler = (lat: number, lng: number) => Promise<TextKey | null>;

export interface GpsLocate {
  locating: boolean;
  message: TextKey | null;
  locate(): void;
}

export function useGpsLocate(onFix: GpsFixHandler): GpsLocate {
  const settings = useSettings();
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
        void onFix(position.coords.latitude, position.coords.longitude).then((problem) => {
          setLocating(false);
          setMessage(problem);
        });
      },
      (error) => fail(error.code),
      { timeout: GPS_TIMEOUT_MS, enableHighAccuracy: true, maximumAge: 60_000 },
    );
  };

  return { locating, message, locate };
}
