// Projects: one published scheme version applied to a customer's locations over a period.
// admin/businessadmin manage; businessuser creates and updates its own (`ownerId`); floor managers,
// team leaders and analysts read. Lifecycle: draft -> active <-> on_hold -> completed; archive from
// any state but active (restore puts it back where it was). A completed or archived project refuses
// changes to itself, its assignments and its slots. Progress figures come from one grouped query over
// the page's tasks.
import type { EntityManager } from '@mikro-orm/postgresql';
import { type SqlBool, sql } from 'kysely';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import { DEFAULT_ACTION_DUE_DAYS } from '../../../../shared/schemas/corrective-actions.ts';
import {
  TASK_STATUSES,
  type TCreateProjectInput,
  type TListProjectsInput,
  type TProject,
  type TProjectProgress,
  type TProjectStatus,
  type TProjectTransitionInput,
  type TTaskStatus,
  type TUpdateProjectInput,
} from '../../../../shared/schemas/projects.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { archivedFilter } from '../../../lib/archive.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listPage,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list.ts';
import { definedOnly } from '../../../lib/objects.ts';
import {
  assertCurrent,
  createRecord,
  customerForNewRecord,
  loadForWrite,
  lockRecord,
  updateRecord,
  type WriteSpec,
} from '../../../lib/records.ts';
import {
  assertUnique,
  assertUniqueChange,
  conditionsFilter,
  tenantFilter,
  type UniqueRule,
  withTransaction,
} from '../../../lib/scope.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { requirePublishedScheme, schemeRefs, schemeVersionIds } from '../../structure/schemes/schemes.refs.ts';
import { Project } from './project.entity.ts';

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
 * Progress of the projects, from one grouped read of their tasks (the (project, status, …) index) and
 * one of their assignments: tasks by status; completion = approved ÷ tasks not cancelled; pass rate =
 * passed ÷ approved; average score of approved tasks (only approved tasks count in reports).
 */
export async function projectProgress(em: EntityManager, projectIds: number[]): Promise<Map<number, TProjectProgress>> {
  const out = new Map<number, TProjectProgress>(projectIds.map((id) => [id, emptyProgress()]));
  if (!projectIds.length) return out;
  const k = db(em);
  const [byStatus, locations] = await Promise.all([
    k
      .selectFrom('tasks as t')
      .select([
        't.project_id',
        't.status',
        sql<number>`count(*)::int`.as('n'),
        sql<number>`(count(*) filter (where t.passed))::int`.as('passed'),
        sql<number | null>`sum(t.score)::float8`.as('score_sum'),
        sql<number>`count(t.score)::int`.as('scored'),
      ])
      .where('t.project_id', '=', sql<number>`any(${projectIds})`)
      .groupBy(['t.project_id', 't.status'])
      .execute(),
    k
      .selectFrom('location_assignments as a')
      .select(['a.project_id', sql<number>`count(*)::int`.as('n')])
      .where('a.project_id', '=', sql<number>`any(${projectIds})`)
      .groupBy('a.project_id')
      .execute(),
  ]);
  const sums = new Map<number, { passed: number; scoreSum: number; scored: number }>();
  for (const row of byStatus) {
    const progress = out.get(row.project_id)!;
    progress.byStatus[row.status] = row.n;
    progress.tasks += row.n;
    if (row.status === 'approved')
      sums.set(row.project_id, { passed: row.passed, scoreSum: row.score_sum ?? 0, scored: row.scored });
  }
  for (const row of locations) out.get(row.project_id)!.locations = row.n;
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

export async function listProjects(
  ctx: ServiceContext,
  input: TListProjectsInput,
): Promise<{ items: TProject[]; total: number }> {
  authorize(ctx, 'read', 'Project');
  const schemeIds = input.schemeKey !== undefined ? await schemeVersionIds(ctx.em, input.schemeKey) : undefined;
  const where: ProjectFilter[] = [
    ...readScope(ctx),
    equalsFilter('p.customer_id', input.customerId),
    equalsFilter('p.status', input.status),
    schemeIds && sql<SqlBool>`${sql.ref('p.scheme_id')} = any(${schemeIds})`,
    // Periods overlapping [from, to].
    input.from !== undefined && sql<SqlBool>`${sql.ref('p.end_date')} >= ${input.from}::date`,
    input.to !== undefined && sql<SqlBool>`${sql.ref('p.start_date')} <= ${input.to}::date`,
    archivedFilter('p.archived_at', input.archived),
  ];
  // Newest period first unless a sort is asked for.
  const sort =
    input.sortBy === undefined
      ? { sortBy: 'startDate' as const, orderBy: 'desc' as const }
      : { sortBy: input.sortBy, orderBy: input.orderBy };
  const page = await listPage(ctx.em, projectListing, where, { ...input, ...sort });
  return { items: page.items.map(toProject), total: page.total };
}

export async function getProject(ctx: ServiceContext, id: number): Promise<TProject> {
  authorize(ctx, 'read', 'Project');
  return toProject(await listById(ctx.em, projectListing, id, readScope(ctx), 'Project'));
}

/* ------------------------------------------------------------------ for assignments and slots */

/** Statuses in which a project's plan (assignments, slots) may change. */
const PLANNABLE: readonly TProjectStatus[] = ['draft', 'active', 'on_hold'];

/** What assignments and slots need of their project. */
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
  if (!(await query.executeTakeFirst())) throw new AppError('NOT_FOUND', 'Project not found');
  const project = await em.findOneOrFail(Project, { id }, { refresh: !!options.lock });
  const plan = planOf(project);
  if (options.plannable) assertPlannable(plan);
  return plan;
}

/** CONFLICT unless the project's plan may change (draft, active, on hold). */
export function assertPlannable(project: ProjectPlan): void {
  if (!PLANNABLE.includes(project.status)) {
    throw new AppError(
      'CONFLICT',
      `Project "${project.code}" is ${project.status.replace('_', ' ')}: its plan can no longer change`,
    );
  }
}

/* ------------------------------------------------------------------ mutations */

const uniqueCode: UniqueRule<Project> = {
  entity: Project,
  field: 'code',
  message: 'Another project of this customer already uses this code',
};

const records: WriteSpec<Project> = {
  entity: Project,
  subject: 'Project',
  label: 'Project',
  abilityRecord: (p) => ({ id: p.id, customerId: p.customer.id, ownerId: p.owner?.id ?? null }),
  snapshot: (p) => ({
    code: p.code,
    name: p.name,
    description: p.description,
    schemeId: p.scheme.id,
    startDate: p.startDate,
    endDate: p.endDate,
    status: p.status,
    ownerId: p.owner?.id ?? null,
    actionDueDays: p.actionDueDays,
  }),
  name: (p) => `Project "${p.code}"`,
  unique: uniqueCode,
};

function badField(field: string, message: string): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

export async function createProject(ctx: ServiceContext, input: TCreateProjectInput): Promise<TProject> {
  const id = await createRecord(ctx, records, async (tx) => {
    const customerId = await customerForNewRecord(tx, input.customerId, 'Project');
    const scheme = await requirePublishedScheme(tx.em, input.schemeId, customerId);
    await assertUnique(tx.em, uniqueCode, { customer: customerId, code: input.code });
    return tx.em.create(Project, {
      customer: customerId,
      code: input.code,
      name: input.name,
      description: input.description,
      scheme: scheme.id,
      startDate: input.startDate,
      endDate: input.endDate,
      actionDueDays: input.actionDueDays ?? DEFAULT_ACTION_DUE_DAYS,
      status: 'draft',
      owner: tx.user.id,
      activatedAt: null,
      completedAt: null,
      archivedAt: null,
    });
  });
  return getProject(ctx, id);
}

export async function updateProject(ctx: ServiceContext, input: TUpdateProjectInput): Promise<TProject> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, project) => {
      if (!PLANNABLE.includes(project.status)) {
        throw new AppError(
          'CONFLICT',
          `Project "${project.code}" is ${project.status}: it can no longer change (restore it first if archived)`,
        );
      }
      const customerId = project.customer.id;
      await assertUniqueChange(tx.em, uniqueCode, project, input.code, { customer: customerId });
      if (input.schemeId !== undefined && input.schemeId !== project.scheme.id) {
        if (project.status !== 'draft')
          throw badField('schemeId', 'The scheme can change only while the project is a draft');
        await requirePublishedScheme(tx.em, input.schemeId, customerId);
      }
      const startDate = input.startDate ?? project.startDate;
      const endDate = input.endDate ?? project.endDate;
      if (endDate < startDate) throw badField('endDate', 'End date must be on or after the start date');
      const { id: _id, version: _version, schemeId, ...fields } = input;
      tx.em.assign(project, { ...definedOnly(fields), ...(schemeId !== undefined ? { scheme: schemeId } : {}) });
    },
    input.version,
  );
  return getProject(ctx, input.id);
}

type Transition = 'activate' | 'hold' | 'complete' | 'archive' | 'restore';

/** From which statuses each transition may start. */
const FROM: Record<Transition, readonly TProjectStatus[]> = {
  activate: ['draft', 'on_hold'],
  hold: ['active'],
  complete: ['active', 'on_hold'],
  archive: ['draft', 'on_hold', 'completed'],
  restore: ['archived'],
};

const REFUSED: Record<Transition, string> = {
  activate: 'Only a draft or on-hold project can be activated',
  hold: 'Only an active project can be put on hold',
  complete: 'Only an active or on-hold project can be completed',
  archive: 'An active project cannot be archived: put it on hold or complete it first',
  restore: 'Only an archived project can be restored',
};

/** Where a restored project returns: archive is refused while active, so the dates tell the state it left. */
function restoredStatus(project: Project): TProjectStatus {
  if (project.completedAt) return 'completed';
  if (project.activatedAt) return 'on_hold';
  return 'draft';
}

async function transition(ctx: ServiceContext, input: TProjectTransitionInput, action: Transition): Promise<TProject> {
  authorize(ctx, 'update', 'Project');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Project, input.id);
    const project = await loadForWrite(tx, records, input.id, 'update');
    assertCurrent(project, input.version, 'Project');
    const from = project.status;
    if (action === 'archive' && from === 'archived')
      throw new AppError('CONFLICT', `Project "${project.code}" is already archived`);
    if (!FROM[action].includes(from)) {
      throw new AppError('CONFLICT', `${REFUSED[action]} (project "${project.code}" is ${from.replace('_', ' ')})`);
    }
    const now = new Date();
    const extra: Record<string, unknown> = {};
    switch (action) {
      case 'activate': {
        if (from === 'draft') {
          const [{ n }] = await db(tx.em)
            .selectFrom('location_assignments')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('project_id', '=', project.id)
            .execute();
          if (n === 0)
            throw badField('assignments', 'Assign at least one location to the project before activating it');
        }
        project.status = 'active';
        project.activatedAt ??= now;
        break;
      }
      case 'hold':
        project.status = 'on_hold';
        break;
      case 'complete': {
        project.status = 'completed';
        project.completedAt = now;
        // Visits still planned will not happen: their tasks are cancelled, their inspectors told.
        const cancelled = await cancelPlannedTasks(tx, project);
        extra.cancelledTasks = cancelled;
        break;
      }
      case 'archive':
        project.status = 'archived';
        project.archivedAt = now;
        break;
      case 'restore':
        project.status = restoredStatus(project);
        project.archivedAt = null;
        break;
    }
    recordAudit(tx, {
      action,
      entityType: 'Project',
      entityId: project.id,
      customerId: project.customer.id,
      changes: { status: { from, to: project.status }, ...extra },
    });
  });
  return getProject(ctx, input.id);
}

/** A completed project's tasks still `scheduled` become `cancelled` (one UPDATE); each inspector concerned is told once. */
async function cancelPlannedTasks(tx: AuthedContext, project: Project): Promise<number> {
  const rows = await db(tx.em)
    .updateTable('tasks')
    .set({
      status: 'cancelled',
      cancel_reason: 'Project completed',
      version: sql<number>`version + 1`,
      updated_at: new Date(),
    })
    .where('project_id', '=', project.id)
    .where('status', '=', 'scheduled')
    .returning(['id', 'assignee_id'])
    .execute();
  const perAssignee = new Map<number, number>();
  for (const r of rows)
    if (r.assignee_id !== null) perAssignee.set(r.assignee_id, (perAssignee.get(r.assignee_id) ?? 0) + 1);
  await sendNotifications(
    tx.em,
    [...perAssignee].map(([userId, n]) => ({
      userId,
      kind: 'planning',
      title: 'Planned visits cancelled',
      body: `Project ${project.code} "${project.name}" was completed: ${n} planned visit${n === 1 ? ' was' : 's were'} cancelled.`,
      link: '/tasks',
    })),
  );
  return rows.length;
}

export const activateProject = (ctx: ServiceContext, input: TProjectTransitionInput) =>
  transition(ctx, input, 'activate');
export const holdProject = (ctx: ServiceContext, input: TProjectTransitionInput) => transition(ctx, input, 'hold');
export const completeProject = (ctx: ServiceContext, input: TProjectTransitionInput) =>
  transition(ctx, input, 'complete');
export const archiveProject = (ctx: ServiceContext, input: TProjectTransitionInput) =>
  transition(ctx, input, 'archive');
export const restoreProject = (ctx: ServiceContext, input: TProjectTransitionInput) =>
  transition(ctx, input, 'restore');

/**
 * Delete a draft project that has no task yet (its assignments go with it); anything else is
 * archived instead (CONFLICT says so).
 */
export async function deleteProject(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Project');
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Project, id);
    const project = await loadForWrite(tx, records, id, 'delete');
    if (project.status !== 'draft')
      throw new AppError(
        'CONFLICT',
        `Project "${project.code}" is ${project.status.replace('_', ' ')}: only a draft can be deleted; archive it instead`,
      );
    const k = db(tx.em);
    const [{ n }] = await k
      .selectFrom('tasks')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('project_id', '=', id)
      .execute();
    if (n > 0)
      throw new AppError(
        'CONFLICT',
        `Project "${project.code}" has ${n} planned task${n === 1 ? '' : 's'}: delete its slots first, or archive it`,
      );
    const assignments = await k
      .deleteFrom('location_assignments')
      .where('project_id', '=', id)
      .returning('id')
      .execute();
    recordAudit(tx, {
      action: 'delete',
      entityType: 'Project',
      entityId: id,
      customerId: project.customer.id,
      changes: { ...records.snapshot(project), assignments: assignments.length },
    });
    tx.em.remove(project);
  });
  return { id, deleted: true };
}
