/**
 * Spec §5: a GPS lookup times out after GPS_TIMEOUT_MS; when permission is
 * denied an alert with gpsAccessNotGrantedMsg shows, except inside the
 * Android web view (whose host app asks for the permission itself).
 */
import type { TextKey } from '../api/language/texts.ts';

/** GeolocationPositionError codes. */
export const GPS_PERMISSION_DENIED = 1;
export const GPS_POSITION_UNAVAILABLE = 2;
export const GPS_TIMEOUT = 3;

export type GpsFailureAction =
  /** window.alert(settings gpsAccessNotGrantedMsg). */
  | { kind: 'alert' }
  /** A readable message on the page. */
  | { kind: 'message'; text: TextKey };

/** The Android web view marks its user agent with '; wv)'. */
export function isAndroidWebView(userAgent: string): boolean {
  return userAgent.includes('; wv)');
}

/** What the page does when a GPS lookup fails (code null: the browser has no geolocation at all). */
export function gpsFailureAction(code: number | null, userAgent: string): GpsFailureAction {
  if (code === GPS_PERMISSION_DENIED) {
    return isAndroidWebView(userAgent) ? { kind: 'message', text: 'locationGpsDenied' } : { kind: 'alert' };
  }
  if (code === GPS_TIMEOUT) return { kind: 'message', text: 'locationGpsTimeout' };
  return { kind: 'message', text: 'locationGpsUnavailable' };
}
