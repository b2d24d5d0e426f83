// Projects as other domains look them up: names, ids matching a search, the plan assignments, slots and tasks check.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import type { TProjectStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { likeContains } from '../../../lib/list/index.ts';
import { Project } from './project.entity.ts';

/** Projects by id: code and name (an unknown id is simply missing from the map). */
export async function projectRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; code: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em).selectFrom('projects').select(['id', 'code', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((p) => [p.id, p]));
}

/** A project as the profile of someone taking part in it shows it. */
export interface PersonProject {
  id: number;
  code: string;
  name: string;
  status: TProjectStatus;
  startDate: string;
  endDate: string;
  /** The owner's name. */
  owner: string | null;
  /** The teams its locations are assigned to, by name. */
  teams: string[];
}

/**
 * The projects, not archived, that `userId` takes part in: they own it, or some of its locations are
 * assigned to them or to a team they are a member of; by name. The caller answers for showing them (a
 * person's own projects, on their own profile).
 */
export async function projectsInvolving(em: EntityManager, userId: number): Promise<PersonProject[]> {
  const rows = await db(em)
    .selectFrom('projects as p')
    .leftJoin('users as o', 'o.id', 'p.owner_id')
    .select((eb) => [
      'p.id',
      'p.code',
      'p.name',
      'p.status',
      sql<string>`${sql.ref('p.start_date')}::text`.as('start_date'),
      sql<string>`${sql.ref('p.end_date')}::text`.as('end_date'),
      'o.full_name as owner',
      eb
        .selectFrom('location_assignments as a')
        .innerJoin('teams as t', 't.id', 'a.team_id')
        .whereRef('a.project_id', '=', 'p.id')
        .select(sql<string[]>`coalesce(array_agg(distinct t.name order by t.name), '{}')`.as('teams'))
        .as('teams'),
    ])
    .where('p.archived_at', 'is', null)
    .where('p.status', '<>', 'archived')
    .where((eb) =>
      eb.or([
        eb('p.owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('location_assignments as a')
            .select(sql`1`.as('one'))
            .whereRef('a.project_id', '=', 'p.id')
            .where((inner) =>
              inner.or([
                inner('a.assignee_id', '=', userId),
                inner(
                  'a.team_id',
                  'in',
                  inner.selectFrom('team_members as m').select('m.team_id').where('m.user_id', '=', userId),
                ),
              ]),
            ),
        ),
      ]),
    )
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    status: r.status,
    startDate: r.start_date,
    endDate: r.end_date,
    owner: r.owner ?? null,
    teams: r.teams ?? [],
  }));
}

/** Ids of the customer's projects (any customer's when null) whose code contains `q` (trigram index). */
export async function projectIdsMatching(em: EntityManager, customerId: number | null, q: string): Promise<number[]> {
  const rows = await db(em)
    .selectFrom('projects')
    .select('id')
    .where('code', 'ilike', likeContains(q))
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId as number))
    .limit(5000)
    .execute();
  return rows.map((r) => r.id);
}

/** Statuses in which a project's plan (assignments, slots) may change. */
export const PLANNABLE: readonly TProjectStatus[] = ['draft', 'active', 'on_hold'];

/** What assignments, slots and tasks need of their project. */
export interface ProjectPlan {
  id: number;
  customerId: number;
  code: string;
  name: string;
  status: TProjectStatus;
  schemeId: number;
  startDate: string;
  endDate: string;
}

function planOf(project: Project): ProjectPlan {
  return {
    id: project.id,
    customerId: project.customer.id,
    code: project.code,
    name: project.name,
    status: project.status,
    schemeId: project.scheme.id,
    startDate: project.startDate,
    endDate: project.endDate,
  };
}

/**
 * The project, in `customerId`'s scope (null: any), locked for the rest of the transaction when
 * `lock` (plan changes of one project run one at a time); NOT_FOUND otherwise. `plannable`: CONFLICT
 * when the project is completed or archived.
 */
export async function requireProjectPlan(
  em: EntityManager,
  id: number,
  customerId: number | null,
  options: { lock?: boolean; plannable?: boolean } = {},
): Promise<ProjectPlan> {
  const query = db(em)
    .selectFrom('projects')
    .select('id')
    .where('id', '=', id)
    .$if(customerId !== null, (qb) => qb.where('customer_id', '=', customerId!))
    .$if(!!options.lock, (qb) => qb.forUpdate());
  if (!(await query.executeTakeFirst())) throw notFound('Project');
  const project = await em.findOneOrFail(Project, { id }, { refresh: !!options.lock });
  const plan = planOf(project);
  if (options.plannable) assertPlannable(plan);
  return plan;
}

/** The plan of a project known to exist (a task's, a slot's): no scope, no lock. */
export async function projectPlan(em: EntityManager, id: number): Promise<ProjectPlan> {
  return planOf(await em.findOneOrFail(Project, id));
}

/** How a message names a project's state (a `hint`: the reader's language words it). */
export function projectState(status: TProjectStatus): ErrorKey {
  return `projects.state.${status}`;
}

/** CONFLICT unless the project's plan may change (draft, active, on hold). */
export function assertPlannable(project: ProjectPlan): void {
  if (!PLANNABLE.includes(project.status)) {
    throw new AppError('CONFLICT', 'projects.planLocked', { code: project.code, hint: projectState(project.status) });
  }
}
