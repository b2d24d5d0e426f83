// Check-in geometry: the distance between two points on the Earth, and whether a check-in is inside a
// location's geofence (its radius plus the accuracy the device reported).

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine on the mean Earth radius). */
export function distanceMeters(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Whether a check-in `distanceM` from the location, reported with `accuracyM`, may be inside its
 * geofence: the device may be anywhere within its accuracy, so the radius is widened by it.
 */
export function insideGeofence(distanceM: number, radiusM: number, accuracyM: number): boolean {
  return distanceM <= radiusM + accuracyM;
}
