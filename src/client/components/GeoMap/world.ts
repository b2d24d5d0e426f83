// The offline world map the app draws on (Fleet, the geofence editor): world-atlas's countries-110m
// topology as GeoJSON features, projected with d3-geo by each map. No tile server is involved.
import type { FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json' with { type: 'json' };

const topology = countries110m as unknown as Topology<{ countries: GeometryCollection }>;
export const world = feature(topology, topology.objects.countries) as FeatureCollection<Geometry>;
