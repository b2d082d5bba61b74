/**
 * The driver's position while they carry an order (status 3 or 4 of theirs,
 * on duty): the browser's watch with the spec's 5000 ms time-out, a fix
 * handed to the worker at most every `gps_interval_seconds` (the newest fix
 * of each interval: one that came too soon waits for the interval's end
 * instead of being lost). The watch stops when no order is active, off
 * duty, or signed out. A refusal is a note on the page, never an alert loop:
 * the watch is not started again until the driver's situation changes.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import { GPS_TIMEOUT_MS } from '../../api/constants.ts';
import type { DriverFix } from '../../api/driver/worker-api.ts';
import type { TextKey } from '../../api/language/texts.ts';
import { useSyncWorker } from '../../base/services.tsx';
import { GPS_PERMISSION_DENIED } from '../../lib/gps.ts';

function fixOf(position: GeolocationPosition): DriverFix {
  const { latitude, longitude, heading } = position.coords;
  // A device standing still reports no heading (null or NaN).
  return { latitude, longitude, heading: heading !== null && Number.isFinite(heading) ? heading : null, recordedAt: new Date(position.timestamp).toISOString() };
}

function geolocationOf(): Geolocation | null {
  return typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation ? navigator.geolocation : null;
}

/** Watches while `active`; answers what to tell the driver about their position (null when all is well). */
export function useDriverGps(active: boolean, intervalSeconds: number): TextKey | null {
  const worker = useSyncWorker();
  const [problem, setProblem] = useState<TextKey | null>(null);
  const geolocation = geolocationOf();
  const intervalMs = Math.max(1, intervalSeconds) * 1000;
  const send = useEffectEvent((fix: DriverFix) => void worker.recordDriverFix(fix));

  useEffect(() => {
    if (!active || !geolocation) return;
    let latest: DriverFix | null = null;
    let sentAt = Number.NEGATIVE_INFINITY;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      timer = undefined;
      if (!latest) return;
      send(latest);
      latest = null;
      sentAt = Date.now();
    };
    const watchId = geolocation.watchPosition(
      (position) => {
        setProblem(null);
        latest = fixOf(position);
        const wait = sentAt + intervalMs - Date.now();
        if (wait <= 0) flush();
        else timer ??= setTimeout(flush, wait);
      },
      (error) => {
        const denied = error.code === GPS_PERMISSION_DENIED;
        setProblem(denied ? 'driverGpsDenied' : 'driverGpsUnavailable');
        // Asking again would only be refused again.
        if (denied) geolocation.clearWatch(watchId);
      },
      { enableHighAccuracy: true, timeout: GPS_TIMEOUT_MS, maximumAge: 0 },
    );
    return () => {
      geolocation.clearWatch(watchId);
      clearTimeout(timer);
    };
  }, [active, intervalMs, geolocation]);

  if (!active) return null;
  return geolocation ? problem : 'driverGpsUnsupported';
}
