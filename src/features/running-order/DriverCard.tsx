/**
 * The driver once assigned: their name, and where they are on a map of the
 * store, the delivery address and them, drawn in SVG (no map tiles: the app
 * works offline and fetches nothing from the internet at run time). The
 * distance and the position's time are text as well as drawing; online, a
 * link opens the position on OpenStreetMap.
 */
import { useId } from 'react';
import { distanceKm, type GeoPoint } from '../../api/tracking-worker-api.ts';
import { useConnectivity } from '../../app/hooks/use-replica-rows.ts';
import { useLanguage, useT } from '../../app/look.tsx';
import { MAP_SIZE, distanceText, openStreetMapUrl, projectionFor, scaleBarFor } from './map-geometry.ts';
import { stepTimeText } from './order-steps.ts';

export interface DriverOnTheWay {
  name: string;
  latitude: number | null;
  longitude: number | null;
  located_at: string | null;
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
      {address && (
        <DeliveryMap
          store={store}
          address={address}
          driver={position}
          heading={heading}
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

interface DeliveryMapProps {
  store: GeoPoint | null;
  address: GeoPoint;
  driver: GeoPoint | null;
  heading: number | null;
  description: string;
}

function DeliveryMap({ store, address, driver, heading, description }: DeliveryMapProps) {
  const t = useT();
  const id = useId();
  const { width, height, padding } = MAP_SIZE;
  const projection = projectionFor([address, ...(store ? [store] : []), ...(driver ? [driver] : [])]);
  const at = (point: GeoPoint) => projection.toXY(point);
  const home = at(address);
  const shop = store ? at(store) : null;
  const car = driver ? at(driver) : null;
  const scale = scaleBarFor(projection);
  return (
    <figure className="delivery-map">
      <svg
        className="delivery-map-svg"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}title`}
        aria-describedby={`${id}desc`}
        data-testid="driver-map"
      >
        <title id={`${id}title`}>{t('runningOrderMapTitle')}</title>
        <desc id={`${id}desc`}>{description}</desc>
        <rect className="map-ground" x="0" y="0" width={width} height={height} rx="12" />
        {car && <line className="map-route" x1={car.x} y1={car.y} x2={home.x} y2={home.y} />}
        {shop && <rect className="map-store" x={shop.x - 8} y={shop.y - 8} width="16" height="16" rx="4" data-testid="map-store" />}
        <g className="map-address" data-testid="map-address">
          <circle cx={home.x} cy={home.y} r="11" className="map-address-halo" />
          <circle cx={home.x} cy={home.y} r="6" />
        </g>
        {car && (
          <g className="map-driver" transform={`translate(${car.x.toFixed(1)} ${car.y.toFixed(1)})`} data-testid="map-driver">
            {heading !== null && <path className="map-heading" d="M0 -17 L6 -8 L-6 -8 Z" transform={`rotate(${heading.toFixed(0)})`} data-testid="map-heading" />}
            <circle r="8" />
          </g>
        )}
        <g className="map-scale" transform={`translate(${padding / 2} ${height - 12})`} data-testid="map-scale">
          <path d={`M0 -5 V0 H${scale.pixels.toFixed(1)} V-5`} />
          <text x="0" y="-9">
            {distanceText(scale.km, t)}
          </text>
        </g>
      </svg>
      <figcaption className="map-legend">
        {shop && (
          <span className="map-legend-item">
            <span className="map-swatch is-store" aria-hidden="true" />
            {t('runningOrderMapStore')}
          </span>
        )}
        <span className="map-legend-item">
          <span className="map-swatch is-address" aria-hidden="true" />
          {t('runningOrderMapAddress')}
        </span>
        {car && (
          <span className="map-legend-item">
            <span className="map-swatch is-driver" aria-hidden="true" />
            {t('runningOrderMapDriver')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
