// Where the fleet's cities are (longitude, latitude: public geographic facts, rounded), and where a
// vehicle is along its route: the great-circle point at its progress (d3-geo's interpolation).
import { geoInterpolate } from 'd3-geo';
import type { TVehicle } from '../../../../shared/schemas/logistics.ts';

export const CITY_COORDINATES: Readonly<Record<string, readonly [number, number]>> = {
  Lyon: [4.84, 45.76],
  Marseille: [5.37, 43.3],
  Hamburg: [9.99, 53.55],
  Munich: [11.58, 48.14],
  Rotterdam: [4.48, 51.92],
  Antwerp: [4.4, 51.22],
  Milan: [9.19, 45.46],
  Barcelona: [2.17, 41.39],
  Porto: [-8.63, 41.16],
  Gdansk: [18.65, 54.35],
  Vienna: [16.37, 48.21],
  Zurich: [8.54, 47.38],
  Prague: [14.44, 50.08],
  Copenhagen: [12.57, 55.68],
};

export interface PlacedVehicle {
  vehicle: TVehicle;
  start: [number, number];
  end: [number, number];
  /** Where the vehicle is now. */
  at: [number, number];
}

/** The vehicles whose two cities are known, with their route ends and position (others are listed, not drawn). */
export function placeVehicles(vehicles: readonly TVehicle[]): PlacedVehicle[] {
  const out: PlacedVehicle[] = [];
  for (const vehicle of vehicles) {
    const start = CITY_COORDINATES[vehicle.startCity];
    const end = CITY_COORDINATES[vehicle.endCity];
    if (!start || !end) continue;
    const at = geoInterpolate([...start], [...end])(vehicle.progress / 100);
    out.push({ vehicle, start: [...start], end: [...end], at });
  }
  return out;
}
