// /apps/logistics/fleet (fixed height): the fleet's vehicles on a map with their routes and progress, and
// the list to pick one (the map's text alternative; arrow keys move through it). The map is an SVG drawn
// offline with d3-geo from world-atlas's countries-110m topology (topojson-client), the projection fitted
// to the vehicles' cities: no tiles from the internet, small, themeable with CSS variables, mirrored text
// stays readable in right-to-left.
import { Heading, Label, ProgressBar, Spinner, Text } from '@primer/react';
import { geoInterpolate, geoMercator, geoPath } from 'd3-geo';
import type { Feature, LineString, MultiPoint } from 'geojson';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { world } from '../../../components/GeoMap/world.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { trpc } from '../../../lib/trpc.ts';
import { type PlacedVehicle, placeVehicles } from './fleet-model.ts';
import { usePlaceName } from './place-name.ts';
import { warningKey } from './warning-key.ts';
import classes from './Logistics.module.css';

const WIDTH = 800;
const HEIGHT = 600;

/** The route as a great-circle line (a few points so the projection bends it), optionally up to a fraction. */
function routeLine(start: [number, number], end: [number, number], upTo = 1): Feature<LineString> {
  const at = geoInterpolate(start, end);
  const steps = 24;
  const coordinates = Array.from({ length: steps + 1 }, (_, i) => at((i / steps) * upTo));
  return { type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates } };
}

export default function FleetPage() {
  const { t } = useTranslation('logistics');
  const list = trpc.apps.logistics.vehicles.list.useQuery({ itemsPerPage: -1, sortBy: 'location', orderBy: 'asc' });
  const placed = useMemo(() => placeVehicles(list.data?.items ?? []), [list.data]);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const selected = placed.find((p) => p.vehicle.id === selectedId) ?? null;
  const headingId = useId();

  return (
    <div className={classes.fleet}>
      <aside className={classes.sidebar} aria-labelledby={headingId}>
        <div className={classes.sidebarHead}>
          <Heading as="h1" id={headingId} className={classes.title}>
            {t('fleet.title')}
          </Heading>
          <Text as="p" className={classes.muted}>
            {t('fleet.description')}
          </Text>
        </div>
        {list.error && <QueryError title={t('loadFailed')} error={list.error} onRetry={list.refetch} />}
        {list.isLoading && (
          <div className={classes.center}>
            <Spinner srText={t('loading')} />
          </div>
        )}
        {list.data && placed.length === 0 && <Text className={`${classes.muted} ${classes.center}`}>{t('empty')}</Text>}
        {placed.length > 0 && <VehicleList placed={placed} selectedId={selectedId} onSelect={setSelectedId} />}
      </aside>
      <div className={classes.mapPane}>
        <FleetMap placed={placed} selected={selected} onSelect={setSelectedId} />
        <div className={classes.details} aria-live="polite" data-testid="vehicle-details">
          {selected ? <VehicleDetails vehicle={selected} /> : <Text className={classes.muted}>{t('fleet.pick')}</Text>}
        </div>
      </div>
    </div>
  );
}

function VehicleList({
  placed,
  selectedId,
  onSelect,
}: {
  placed: PlacedVehicle[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('logistics');
  const fmt = useFormatters();
  // Arrow keys, Home and End move between vehicles (Tab still walks through them).
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      event.key === 'Home'
        ? 0
        : event.key === 'End'
          ? buttons.length - 1
          : index + (event.key === 'ArrowDown' ? 1 : -1);
    if (next >= 0 && next < buttons.length) {
      event.preventDefault();
      buttons[next].focus();
    }
  };
  return (
    <ul className={classes.vehicles} aria-label={t('fleet.list')} onKeyDown={onKeyDown}>
      {placed.map(({ vehicle: v }) => (
        <li key={v.id}>
          <button
            type="button"
            className={classes.vehicleButton}
            aria-pressed={v.id === selectedId}
            onClick={() => onSelect(v.id)}
            data-vehicle={v.location}
          >
            <span className={classes.vehicleName} dir="ltr">
              VOL-{v.location}
            </span>
            <span className={classes.muted}>{t('fleet.route', { from: v.startCity, to: v.endCity })}</span>
            <span className={classes.muted}>
              {t('fleet.progress', { n: fmt.number(v.progress) })} · {t(`warning.${warningKey(v.warnings)}`)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function VehicleDetails({ vehicle: { vehicle: v } }: { vehicle: PlacedVehicle }) {
  const { t } = useTranslation('logistics');
  const fmt = useFormatters();
  const place = usePlaceName();
  return (
    <>
      <Heading as="h2" className={classes.cardTitle}>
        <span dir="ltr">VOL-{v.location}</span>
      </Heading>
      <Text>
        {t('fleet.routeFull', {
          from: place(v.startCity, v.startCountry),
          to: place(v.endCity, v.endCountry),
        })}
      </Text>
      <ProgressBar progress={v.progress} aria-label={t('progressOf', { n: v.location })} />
      <Text data-testid="selected-progress">{t('fleet.progress', { n: fmt.number(v.progress) })}</Text>
      <span>
        <Label variant={v.warnings === 'No Warnings' ? 'success' : 'attention'}>
          {t(`warning.${warningKey(v.warnings)}`)}
        </Label>
      </span>
    </>
  );
}

function FleetMap({
  placed,
  selected,
  onSelect,
}: {
  placed: PlacedVehicle[];
  selected: PlacedVehicle | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('logistics');
  const titleId = useId();
  const { path, projection } = useMemo(() => {
    // Fit to every city of the routes (Europe for the sample fleet), with a margin; the world when none.
    const points: MultiPoint = { type: 'MultiPoint', coordinates: placed.flatMap((p) => [p.start, p.end]) };
    const projection = geoMercator();
    if (points.coordinates.length > 0)
      projection.fitExtent(
        [
          [60, 60],
          [WIDTH - 60, HEIGHT - 60],
        ],
        points,
      );
    else projection.fitSize([WIDTH, HEIGHT], world);
    return { path: geoPath(projection), projection };
  }, [placed]);
  const toXY = (c: [number, number]) => projection(c) ?? [0, 0];
  const ordered = selected ? [...placed.filter((p) => p !== selected), selected] : placed;
  return (
    <svg
      className={classes.map}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid slice"
      role="img"
      aria-labelledby={titleId}
      data-testid="fleet-map"
    >
      <title id={titleId}>
        {selected ? t('fleet.mapSelected', { n: selected.vehicle.location }) : t('fleet.map', { count: placed.length })}
      </title>
      <g>
        {world.features.map((f, i) => (
          <path key={i} className={classes.country} d={path(f) ?? undefined} />
        ))}
      </g>
      <g>
        {ordered.map((p) => (
          <path
            key={p.vehicle.id}
            className={classes.route}
            data-route={p.vehicle.location}
            data-selected={p === selected || undefined}
            d={path(routeLine(p.start, p.end)) ?? undefined}
          />
        ))}
        {selected && (
          <path
            className={classes.done}
            data-done={selected.vehicle.location}
            d={path(routeLine(selected.start, selected.end, selected.vehicle.progress / 100)) ?? undefined}
          />
        )}
      </g>
      <g>
        {ordered.map((p) => {
          const [x, y] = toXY(p.at);
          return (
            <circle
              key={p.vehicle.id}
              className={classes.marker}
              cx={x}
              cy={y}
              r={p === selected ? 10 : 6}
              data-marker={p.vehicle.location}
              data-selected={p === selected || undefined}
              data-warning={p.vehicle.warnings !== 'No Warnings' || undefined}
              onClick={() => onSelect(p.vehicle.id)}
            />
          );
        })}
      </g>
    </svg>
  );
}
