// A location's geofence on the offline world map (world.ts, as Fleet draws it): the pin at its
// coordinates and the circle of its radius, both draggable with a mouse, a pen or a finger. The number
// fields beside it stay the way to type exact values (and the keyboard and screen-reader way).
import { geoCircle, geoDistance, geoMercator, geoPath } from 'd3-geo';
import { type PointerEvent, useMemo, useRef, useState } from 'react';
import { world } from './world.ts';
import classes from './GeofenceMap.module.css';

const WIDTH = 640;
const HEIGHT = 320;
/** Mean Earth radius (m), as the server measures check-in distances. */
const EARTH_M = 6_371_008.8;
/** The radius takes this share of the map's height, so the circle and its surroundings show. */
const RADIUS_SHARE = 0.34;

export interface GeofenceMapProps {
  latitude: number;
  longitude: number;
  radiusM: number;
  minRadiusM: number;
  maxRadiusM: number;
  /** The map's accessible name (what it shows, in words). */
  label: string;
  /** The radius as text, shown beside its handle. */
  radiusText: string;
  onMove: (latitude: number, longitude: number) => void;
  onRadius: (radiusM: number) => void;
}

type Drag = 'pin' | 'radius' | null;

export default function GeofenceMap({
  latitude,
  longitude,
  radiusM,
  minRadiusM,
  maxRadiusM,
  label,
  radiusText,
  onMove,
  onRadius,
}: GeofenceMapProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag>(null);
  // While dragging, the view stays where it was (else it would follow the pointer); it centres again after.
  const [frozen, setFrozen] = useState<{ latitude: number; longitude: number; radiusM: number } | null>(null);
  const view = frozen ?? { latitude, longitude, radiusM };

  const { projection, path } = useMemo(() => {
    const cos = Math.cos((view.latitude * Math.PI) / 180);
    const scale = (RADIUS_SHARE * HEIGHT * EARTH_M * Math.max(cos, 0.01)) / view.radiusM;
    const projection = geoMercator()
      .center([view.longitude, view.latitude])
      .scale(scale)
      .translate([WIDTH / 2, HEIGHT / 2]);
    return { projection, path: geoPath(projection) };
  }, [view.latitude, view.longitude, view.radiusM]);

  const circle = useMemo(
    () =>
      geoCircle()
        .center([longitude, latitude])
        .radius((radiusM / EARTH_M) * (180 / Math.PI))
        .precision(2)(),
    [latitude, longitude, radiusM],
  );
  const [cx, cy] = projection([longitude, latitude]) ?? [WIDTH / 2, HEIGHT / 2];
  const perMetre = projection.scale() / (EARTH_M * Math.max(Math.cos((latitude * Math.PI) / 180), 0.01));
  const hx = cx + radiusM * perMetre;

  /** The map coordinates [lon, lat] under the pointer. */
  const at = (event: PointerEvent): [number, number] | null => {
    const svg = svgRef.current;
    const matrix = svg?.getScreenCTM();
    if (!svg || !matrix) return null;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    return projection.invert?.([point.x, point.y]) ?? null;
  };

  const start = (which: Drag) => (event: PointerEvent<SVGElement>) => {
    event.preventDefault();
    event.stopPropagation();
    svgRef.current?.setPointerCapture(event.pointerId);
    setFrozen({ latitude, longitude, radiusM });
    setDrag(which);
  };
  const move = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const where = at(event);
    if (!where) return;
    if (drag === 'pin') onMove(Number(where[1].toFixed(6)), Number(where[0].toFixed(6)));
    else {
      const metres = Math.round(geoDistance([longitude, latitude], where) * EARTH_M);
      onRadius(Math.min(maxRadiusM, Math.max(minRadiusM, metres)));
    }
  };
  const end = (event: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    svgRef.current?.releasePointerCapture(event.pointerId);
    setDrag(null);
    setFrozen(null);
  };

  return (
    <svg
      ref={svgRef}
      className={classes.map}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-label={label}
      data-testid="geofence-map"
      data-dragging={drag ?? undefined}
      onPointerMove={move}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <g aria-hidden="true">
        {world.features.map((f, i) => (
          <path key={i} className={classes.country} d={path(f) ?? undefined} />
        ))}
      </g>
      <path className={classes.fence} d={path(circle) ?? undefined} data-testid="geofence-circle" />
      <line className={classes.spoke} x1={cx} y1={cy} x2={hx} y2={cy} />
      <text className={classes.radiusText} x={(cx + hx) / 2} y={cy - 8} textAnchor="middle">
        {radiusText}
      </text>
      <circle
        className={classes.handle}
        cx={hx}
        cy={cy}
        r={9}
        data-testid="geofence-radius-handle"
        onPointerDown={start('radius')}
      />
      <g
        className={classes.pin}
        transform={`translate(${cx} ${cy})`}
        data-testid="geofence-pin"
        onPointerDown={start('pin')}
      >
        <circle r={14} className={classes.pinHalo} />
        <circle r={7} className={classes.pinDot} />
      </g>
    </svg>
  );
}
