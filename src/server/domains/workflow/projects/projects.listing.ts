// Reads of projects: the listing with each project's progress, what a caller may see, the list's
// filters; page, every row (CSV) and one project. No writes; the service authorizes before calling these.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import { type TListProjectsInput, type TProject, type TProjectProgress } from '../../../../shared/schemas/projects.ts';
import { TASK_STATUSES, type TTaskStatus } from '../../../../shared/workflow/statuses.ts';
import { archivedFilter } from '../../../lib/archive.ts';
import type { AuthedContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { schemeRefs, schemeVersionIds } from '../../structure/schemes/schemes.refs.ts';
import { assignmentCountsByProject } from '../assignments/assignments.refs.ts';
import { taskCountsByProject } from '../tasks/tasks.refs.ts';

type ProjectRow = TProject & { schemeId: number; ownerId: number | null };

/** Rates as percentages with one decimal, null without a base. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((1000 * part) / whole) / 10 : null;
}

function emptyProgress(): TProjectProgress {
  return {
    tasks: 0,
    byStatus: Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])) as Record<TTaskStatus, number>,
    completionRate: null,
    passRate: null,
    averageScore: null,
    locations: 0,
  };
}

/**
 * Progress of the projects, from one grouped read of their tasks and one of their assignments: tasks
 * by status; completion = approved ÷ tasks not cancelled; pass rate = passed ÷ approved; average score
 * of approved tasks (only approved tasks count in reports).
 */
async function projectProgress(em: EntityManager, projectIds: number[]): Promise<Map<number, TProjectProgress>> {
  const out = new Map<number, TProjectProgress>(projectIds.map((id) => [id, emptyProgress()]));
  if (!projectIds.length) return out;
  const [byStatus, locations] = await Promise.all([
    taskCountsByProject(em, projectIds),
    assignmentCountsByProject(em, projectIds),
  ]);
  const sums = new Map<number, { passed: number; scoreSum: number; scored: number }>();
  for (const row of byStatus) {
    const progress = out.get(row.projectId)!;
    progress.byStatus[row.status] = row.n;
    progress.tasks += row.n;
    if (row.status === 'approved')
      sums.set(row.projectId, { passed: row.passed, scoreSum: row.scoreSum ?? 0, scored: row.scored });
  }
  for (const [projectId, n] of locations) out.get(projectId)!.locations = n;
  for (const [id, progress] of out) {
    const approved = progress.byStatus.approved;
    const approvedSums = sums.get(id);
    progress.completionRate = rate(approved, progress.tasks - progress.byStatus.cancelled);
    progress.passRate = rate(approvedSums?.passed ?? 0, approved);
    progress.averageScore =
      approvedSums && approvedSums.scored > 0
        ? Math.round((10 * approvedSums.scoreSum) / approvedSums.scored) / 10
        : null;
  }
  return out;
}

export const projectListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('projects as p'), {
      id: 'p.id',
      select: (qb) =>
        qb.select([
          'p.id',
          'p.version',
          'p.customer_id',
          'p.code',
          'p.name',
          'p.description',
          'p.status',
          sql<string>`${sql.ref('p.start_date')}::text`.as('start_date'),
          sql<string>`${sql.ref('p.end_date')}::text`.as('end_date'),
          'p.scheme_id',
          'p.owner_id',
          'p.action_due_days',
          'p.archived_at',
          'p.created_at',
          'p.updated_at',
        ]),
      search: ['p.code', 'p.name'],
      sorts: {
        code: 'p.code',
        name: 'p.name',
        status: 'p.status',
        startDate: 'p.start_date',
        endDate: 'p.end_date',
        createdAt: 'p.created_at',
        updatedAt: 'p.updated_at',
      },
    }),
  map: (r): ProjectRow => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    code: r.code,
    name: r.name,
    description: r.description,
    status: r.status,
    startDate: r.start_date,
    endDate: r.end_date,
    schemeId: r.scheme_id,
    ownerId: r.owner_id,
    scheme: { id: r.scheme_id, key: '', name: '', version: 0 },
    owner: null,
    actionDueDays: r.action_due_days,
    progress: emptyProgress(),
    archivedAt: toDateOrNull(r.archived_at),
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  enrich: async (em, items) => {
    const [schemes, owners, progress] = await Promise.all([
      schemeRefs(
        em,
        items.map((i) => i.schemeId),
      ),
      userRefs(
        em,
        items.map((i) => i.ownerId).filter((id): id is number => id !== null),
      ),
      projectProgress(
        em,
        items.map((i) => i.id),
      ),
    ]);
    for (const item of items) {
      item.scheme = schemes.get(item.schemeId) ?? item.scheme;
      const owner = item.ownerId === null ? undefined : owners.get(item.ownerId);
      item.owner = owner ? { id: owner.id, name: owner.fullName } : null;
      item.progress = progress.get(item.id) ?? emptyProgress();
    }
  },
});

type ProjectFilter = ListingFilter<typeof projectListing>;

function toProject(row: ProjectRow): TProject {
  const { schemeId: _s, ownerId: _o, ...project } = row;
  return project;
}

/** What the caller may read: their customer's projects, within the ability's conditions. */
function readScope(ctx: AuthedContext): ProjectFilter[] {
  return [
    tenantFilter(ctx, 'p.customer_id'),
    conditionsFilter(ctx, 'read', 'Project', { customerId: 'p.customer_id', ownerId: 'p.owner_id' }),
  ];
}

async function listFilters(ctx: AuthedContext, input: TListProjectsInput): Promise<ProjectFilter[]> {
  const schemeIds = input.schemeKey !== undefined ? await schemeVersionIds(ctx.em, input.schemeKey) : undefined;
  return [
    ...readScope(ctx),
    equalsFilter('p.customer_id', input.customerId),
    input.updatedSince !== undefined && ((eb) => eb('p.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('p.status', input.status),
    schemeIds && sql<SqlBool>`${sql.ref('p.scheme_id')} = any(${schemeIds})`,
    // Periods overlapping [from, to].
    input.from !== undefined && sql<SqlBool>`${sql.ref('p.end_date')} >= ${input.from}::date`,
    input.to !== undefined && sql<SqlBool>`${sql.ref('p.start_date')} <= ${input.to}::date`,
    archivedFilter('p.archived_at', input.archived),
  ];
}

/** Newest period first unless a sort is asked for. */
function sortOf(input: TListProjectsInput) {
  return input.sortBy === undefined
    ? { sortBy: 'startDate' as const, orderBy: 'desc' as const }
    : { sortBy: input.sortBy, orderBy: input.orderBy };
}

/** A page of the projects the caller may read. */
export async function projectPage(
  ctx: AuthedContext,
  input: TListProjectsInput,
): Promise<{ items: TProject[]; total: number }> {
  const page = await listPage(ctx.em, projectListing, await listFilters(ctx, input), { ...input, ...sortOf(input) });
  return { items: page.items.map(toProject), total: page.total };
}

/** Every project the caller may read that matches the filters, in the list's order, in batches. */
export async function* projectRows(ctx: AuthedContext, input: TListProjectsInput): AsyncGenerator<TProject[]> {
  const rows = iterateListing(ctx.em, projectListing, await listFilters(ctx, input), { q: input.q, ...sortOf(input) });
  for await (const batch of rows) yield batch.map(toProject);
}

/** One project the caller may read (NOT_FOUND otherwise). */
export async function projectById(ctx: AuthedContext, id: number): Promise<TProject> {
  return toProject(await listById(ctx.em, projectListing, id, readScope(ctx), 'Project'));
}
