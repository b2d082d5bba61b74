import { describe, expect, it } from 'vitest';
import { GPS_PERMISSION_DENIED, GPS_POSITION_UNAVAILABLE, GPS_TIMEOUT, gpsFailureAction, isAndroidWebView } from '../../../../src/lib/gps.ts';

const CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/129.0 Mobile Safari/537.36';
const WEBVIEW = 'Mozilla/5.0 (Linux; Android 14; Pixel 8; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/129.0 Mobile Safari/537.36';

describe('GPS failure decision', () => {
  it('alerts on a denied permission in a browser', () => {
    expect(gpsFailureAction(GPS_PERMISSION_DENIED, CHROME)).toEqual({ kind: 'alert' });
  });

  it('does not alert inside the Android web view', () => {
    expect(isAndroidWebView(WEBVIEW)).toBe(true);
    expect(isAndroidWebView(CHROME)).toBe(false);
    expect(gpsFailureAction(GPS_PERMISSION_DENIED, WEBVIEW)).toEqual({ kind: 'message', text: 'locationGpsDenied' });
  });

  it('shows a readable message on a timeout, even in the web view', () => {
    expect(gpsFailureAction(GPS_TIMEOUT, CHROME)).toEqual({ kind: 'message', text: 'locationGpsTimeout' });
    expect(gpsFailureAction(GPS_TIMEOUT, WEBVIEW)).toEqual({ kind: 'message', text: 'locationGpsTimeout' });
  });

  it('says the location is unavailable otherwise', () => {
    expect(gpsFailureAction(GPS_POSITION_UNAVAILABLE, CHROME)).toEqual({ kind: 'message', text: 'locationGpsUnavailable' });
    expect(gpsFailureAction(null, CHROME)).toEqual({ kind: 'message', text: 'locationGpsUnavailable' });
  });
});
