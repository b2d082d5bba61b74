/**
 * The delivery's map, drawn in SVG (no map tiles: the app works offline and
 * fetches nothing from the internet at run time): the store, the delivery
 * address and, when known, the driver with their heading, and a scale bar.
 * The customer's running order and the driver's order screen both draw it;
 * each names the map and the address for its reader.
 */
import { useId } from 'react';
import type { GeoPoint } from '../../api/orders/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { MAP_SIZE, distanceText, projectionFor, scaleBarFor } from '../../lib/map-geometry.ts';
import './delivery-map.css';

export interface DeliveryMapProps {
  store: GeoPoint | null;
  address: GeoPoint;
  driver: GeoPoint | null;
  /** Degrees clockwise from north; null when unknown. */
  heading: number | null;
  /** The map's name and its legend's word for the address, for whoever reads it. */
  title: string;
  addressLabel: string;
  /** What the map shows, in words (its accessible description). */
  description: string;
}

export function DeliveryMap({ store, address, driver, heading, title, addressLabel, description }: DeliveryMapProps) {
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
        <title id={`${id}title`}>{title}</title>
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
          {addressLabel}
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
