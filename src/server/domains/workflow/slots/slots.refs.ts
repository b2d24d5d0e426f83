// Visits as other domains name them in messages: the location, the local date and time, the project.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import { projectRefs } from '../projects/projects.refs.ts';
import { localDateOf, localTimeOf } from './zoned-time.ts';

/** What naming a visit needs: where, whose, which project, when. */
export interface VisitToName {
  customerId: number;
  projectId: number;
  locationId: number;
  startsAt: Date;
}

/**
 * How each of these visits is named: "LYON-001 on 2026-03-02 at 09:00 (project PRJ-1)", the time in
 * the location's time zone (else its customer's). Reads the names once for all of them.
 */
export async function visitNamer<V extends VisitToName>(
  em: EntityManager,
  visits: readonly V[],
): Promise<(visit: V) => string> {
  const [locations, projects] = await Promise.all([
    locationPlanningRefs(
      em,
      visits.map((v) => v.locationId),
    ),
    projectRefs(
      em,
      visits.map((v) => v.projectId),
    ),
  ]);
  const zones = new Map<number, string>();
  for (const customerId of new Set(visits.map((v) => v.customerId)))
    zones.set(customerId, await customerTimeZone(em, customerId));
  return (visit) => {
    const location = locations.get(visit.locationId);
    const zone = location?.timeZone ?? zones.get(visit.customerId) ?? 'UTC';
    return `${location?.code ?? `location ${visit.locationId}`} on ${localDateOf(visit.startsAt, zone)} at ${localTimeOf(visit.startsAt, zone)} (project ${projects.get(visit.projectId)?.code ?? visit.projectId})`;
  };
}
