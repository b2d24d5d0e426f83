// Visits as other domains name them in messages: the location, the local date and time, the project.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ZonedTime } from '../../../../shared/time/zoned.ts';
import { customerTimeZone } from '../../organization/customers/customers.refs.ts';
import { locationPlanningRefs } from '../../structure/locations/locations.refs.ts';
import { projectRefs } from '../projects/projects.refs.ts';

/** What naming a visit needs: where, whose, which project, when. */
export interface VisitToName {
  customerId: number;
  projectId: number;
  locationId: number;
  startsAt: Date;
}

/**
 * How each of these visits is named in a text: `visit` ("LYON-001 · PRJ-1": the location and the project)
 * and `when`, its start on the location's clock (else its customer's), written later in the reader's
 * language. Reads the names once for all of them.
 */
export async function visitNamer<V extends VisitToName>(
  em: EntityManager,
  visits: readonly V[],
): Promise<(visit: V) => { visit: string; when: ZonedTime }> {
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
    const project = projects.get(visit.projectId)?.code ?? String(visit.projectId);
    return {
      visit: `${location?.code ?? String(visit.locationId)} · ${project}`,
      when: { at: visit.startsAt.toISOString(), zone },
    };
  };
}
