/**
 * The driver once assigned: their name, and where they are on a map of the
 * store, the delivery address and them, drawn in SVG (no map tiles: the app
 * works offline and fetches nothing from the internet at run time). The
 * distance and the position's time are text as well as drawing; online, a
 * link opens the position on OpenStreetMap.
 */
import { distanceKm, type GeoPoint } from '../../api/orders/worker-api.ts';
import { useConnectivity } from '../../base/hooks/use-replica-rows.ts';
import { useLanguage, useT } from '../../base/settings-and-language.tsx';
import { PhoneLink } from '../../ui/PhoneLink.tsx';
import { DeliveryMap } from './DeliveryMap.tsx';
import { distanceText, openStreetMapUrl } from '../../lib/map-geometry.ts';
import { stepTimeText } from './order-steps.ts';

export interface DriverOnTheWay {
  name: string;
  latitude: number | null;
  longitude: number | null;
  located_at: string | null;
  /** Only while the driver holds the order (the server leaves it out otherwise). */
  phone?: string | null;
}

interface DriverCardProps {
  driver: DriverOnTheWay;
  /** Degrees clockwise from north; null when unknown. */
  heading: number | null;
  store: GeoPoint | null;
  address: GeoPoint | null;
}

function positionOf(driver: DriverOnTheWay): GeoPoint | null {
  return driver.latitude === null || driver.longitude === null ? null : { latitude: driver.latitude, longitude: driver.longitude };
}

export function DriverCard({ driver, heading, store, address }: DriverCardProps) {
  const t = useT();
  const locale = useLanguage()?.code;
  const { offline } = useConnectivity();
  const position = positionOf(driver);
  const distance = position && address ? distanceText(distanceKm(position, address), t) : null;
  return (
    <section className="card driver-card" aria-labelledby="driver-card-title" data-testid="driver-card">
      <h2 id="driver-card-title" className="card-title">
        {t('runningOrderDriver', { driver: driver.name })}
      </h2>
      {driver.phone && <PhoneLink phone={driver.phone} name={driver.name} />}
      {address && (
        <DeliveryMap
          store={store}
          address={address}
          driver={position}
          heading={heading}
          title={t('runningOrderMapTitle')}
          addressLabel={t('runningOrderMapAddress')}
          description={distance ? t('runningOrderMapDescription', { driver: driver.name, distance }) : t('runningOrderMapNoPosition', { driver: driver.name })}
        />
      )}
      <div className="driver-facts">
        <p data-testid="driver-distance">
          {distance ? t('runningOrderDriverDistance', { driver: driver.name, distance }) : t('runningOrderMapNoPosition', { driver: driver.name })}
        </p>
        {driver.located_at && (
          <p className="driver-position-time" data-testid="driver-position-time">
            {t('runningOrderPositionAt', { time: stepTimeText(driver.located_at, locale) })}
            {heading !== null && ` · ${t('runningOrderHeading', { degrees: Math.round(heading) % 360 })}`}
          </p>
        )}
      </div>
      {position && !offline && (
        <a className="button button-ghost driver-map-link" href={openStreetMapUrl(position)} target="_blank" rel="noopener noreferrer" data-testid="open-in-maps">
          {t('runningOrderOpenInMaps')}
        </a>
      )}
    </section>
  );
}
