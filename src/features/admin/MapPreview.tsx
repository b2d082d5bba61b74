/**
 * A small map of a point without map tiles (nothing is fetched from the
 * internet): the pin, the delivery radius as a circle, a scale bar, north up.
 * With `onPick`, a click on the map moves the pin there; the latitude and
 * longitude fields stay the keyboard's way to set it. A link opens the point
 * on OpenStreetMap for a real map.
 */
import type { MouseEvent } from 'react';
import { EARTH_RADIUS_KM } from '../../api/orders/worker-api.ts';
import { useT } from '../../base/settings-and-language.tsx';
import { openStreetMapUrl, projectionFor, scaleBarFor, type MapSize } from '../../lib/map-geometry.ts';

const SIZE: MapSize = { width: 320, height: 200, padding: 16 };
const KM_PER_DEGREE = (Math.PI / 180) * EARTH_RADIUS_KM;

interface MapPreviewProps {
  latitude: number;
  longitude: number;
  radiusKm?: number | null;
  label: string;
  onPick?(point: { latitude: number; longitude: number }): void;
}

export function MapPreview({ latitude, longitude, radiusKm, label, onPick }: MapPreviewProps) {
  const t = useT();
  const centre = { latitude, longitude };
  const kmPerLngDegree = KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  // Without a radius the map spans a couple of km around the pin.
  const span = radiusKm && radiusKm > 0 ? radiusKm * 1.15 : 1;
  const edges = [
    { latitude: latitude + span / KM_PER_DEGREE, longitude },
    { latitude: latitude - span / KM_PER_DEGREE, longitude },
    { latitude, longitude: longitude + span / kmPerLngDegree },
    { latitude, longitude: longitude - span / kmPerLngDegree },
  ];
  const projection = projectionFor(edges, SIZE);
  const pin = projection.toXY(centre);
  const scale = scaleBarFor(projection, SIZE);

  const pick = (event: MouseEvent<SVGSVGElement>) => {
    if (!onPick) return;
    const box = event.currentTarget.getBoundingClientRect();
    const x = ((event.clientX - box.left) / box.width) * SIZE.width;
    const y = ((event.clientY - box.top) / box.height) * SIZE.height;
    const km = projection.pixelsPerKm;
    onPick({
      latitude: round(latitude - (y - pin.y) / km / KM_PER_DEGREE),
      longitude: round(longitude + (x - pin.x) / km / kmPerLngDegree),
    });
  };

  return (
    <figure className="console-map" data-testid="map-preview">
      <svg
        viewBox={`0 0 ${SIZE.width} ${SIZE.height}`}
        role="img"
        aria-label={t('consoleMapLabel', { name: label, lat: latitude.toFixed(5), lng: longitude.toFixed(5) })}
        onClick={pick}
        className={onPick ? 'console-map-pickable' : undefined}
      >
        <rect width={SIZE.width} height={SIZE.height} className="console-map-ground" />
        {[0.25, 0.5, 0.75].map((share) => (
          <g key={share} className="console-map-grid">
            <line x1={SIZE.width * share} y1={0} x2={SIZE.width * share} y2={SIZE.height} />
            <line x1={0} y1={SIZE.height * share} x2={SIZE.width} y2={SIZE.height * share} />
          </g>
        ))}
        {radiusKm && radiusKm > 0 ? (
          <circle cx={pin.x} cy={pin.y} r={radiusKm * projection.pixelsPerKm} className="console-map-radius" />
        ) : null}
        <path d={`M${pin.x} ${pin.y} l-8 -16 a9 9 0 1 1 16 0 z`} className="console-map-pin" />
        <circle cx={pin.x} cy={pin.y - 18} r={3.5} fill="#ffffff" />
        <g className="console-map-scale" transform={`translate(12 ${SIZE.height - 14})`}>
          <line x1={0} y1={0} x2={scale.pixels} y2={0} />
          <text x={0} y={-5}>
            {scale.km < 1 ? `${Math.round(scale.km * 1000)} m` : `${scale.km} km`}
          </text>
        </g>
        <text x={SIZE.width - 14} y={20} className="console-map-north" textAnchor="middle">
          N
        </text>
      </svg>
      <figcaption className="form-hint">
        {onPick ? t('consoleMapPickHint') : null}{' '}
        <a href={openStreetMapUrl(centre)} target="_blank" rel="noreferrer">
          {t('consoleOpenMap')}
        </a>
      </figcaption>
    </figure>
  );
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
