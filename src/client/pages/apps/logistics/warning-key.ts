// Shared by the logistics dashboard and the fleet page without either importing the other (the fleet
// page used to import the dashboard page, and with it the charts chunk).
import type { TVehicleWarning } from '../../../../shared/constants/logistics.ts';

/** A warning's translation key ("Oil Leakage" -> "oilLeakage"). */
export const warningKey = (w: TVehicleWarning) =>
  w
    .toLowerCase()
    .split(' ')
    .map((part, i) => (i === 0 ? part : part[0].toUpperCase() + part.slice(1)))
    .join('');
