// Projects: one published scheme version applied to a customer's locations over a period.
// admin/businessadmin manage; businessuser creates and updates its own (`ownerId`); floor managers,
// team leaders and analysts read. Lifecycle: draft -> active <-> on_hold -> completed; archive from
// any state but active (restore puts it back where it was). A completed or archived project refuses
// changes to itself, its assignments and its slots. Reads: projects.listing.ts; other domains'
// lookups: projects.refs.ts.

import { sql } from 'kysely';
import type { ErrorKey } from '../../../../shared/errors/messages.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import { DEFAULT_ACTION_DUE_DAYS } from '../../../../shared/schemas/corrective-actions.ts';
import type {
  TCreateProjectInput,
  TListProjectsInput,
  TProject,
  TProjectLocationChoice,
  TProjectTransitionInput,
  TSaveLocationChoiceInput,
  TUpdateProjectInput,
} from '../../../../shared/schemas/projects.ts';
import type { TProjectStatus } from '../../../../shared/workflow/statuses.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
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
import { assertUnique, assertUniqueChange, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { queueWebhookEvent } from '../../platform/integrations/webhooks.refs.ts';
import { notice, sendNotifications } from '../../platform/notifications/notifications.refs.ts';
import { locationIdsOf } from '../../structure/locations/locations.refs.ts';
import { requirePublishedScheme } from '../../structure/schemes/schemes.refs.ts';
import { assignmentCountsByProject, assignmentPlans } from '../assignments/assignments.refs.ts';
import { countProjectTasks } from '../tasks/tasks.refs.ts';
import { Project } from './project.entity.ts';
import { projectById, projectPage, projectRows } from './projects.listing.ts';
import { PLANNABLE, projectState } from './projects.refs.ts';

/* ------------------------------------------------------------------ reads */

/** `projects.list`, for roles that read projects (scope and conditions applied). FORBIDDEN without `read Project`. */
export async function listProjects(
  ctx: ServiceContext,
  input: TListProjectsInput,
): Promise<{ items: TProject[]; total: number }> {
  authorize(ctx, 'read', 'Project');
  return projectPage(ctx, input);
}

/** `GET /api/export/projects.csv`: every project `listProjects` would list, in batches. As listProjects. */
export async function* iterateProjects(ctx: ServiceContext, input: TListProjectsInput): AsyncGenerator<TProject[]> {
  authorize(ctx, 'read', 'Project');
  yield* projectRows(ctx, input);
}

/** `projects.byId`, for whoever may read the project; NOT_FOUND otherwise. */
export async function getProject(ctx: ServiceContext, input: { id: number }): Promise<TProject> {
  authorize(ctx, 'read', 'Project');
  return projectById(ctx, input.id);
}

/* ------------------------------------------------------------------ create, update */

const uniqueCode: UniqueRule<Project> = {
  entity: Project,
  field: 'code',
  key: 'projects.codeTaken',
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
  name: (p) => ({ record: 'Project', name: p.code }),
  unique: uniqueCode,
};

function badField(field: string, key: ErrorKey): AppError {
  return new AppError('BAD_REQUEST', key, {}, { [field]: key });
}

/**
 * `projects.create`: a draft owned by its creator, on a published scheme version of the customer.
 * FORBIDDEN without `create Project`; CONFLICT for a code the customer already uses.
 */
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
  return getProject(ctx, { id });
}

/**
 * `projects.update`: while draft, active or on hold; the scheme only while a draft. FORBIDDEN without
 * `update Project` on it; CONFLICT when completed or archived, for a taken code or a stale version.
 */
export async function updateProject(ctx: ServiceContext, input: TUpdateProjectInput): Promise<TProject> {
  await updateRecord(
    ctx,
    records,
    input.id,
    async (tx, project) => {
      if (!PLANNABLE.includes(project.status)) {
        const values = { code: project.code, hint: projectState(project.status) };
        throw new AppError('CONFLICT', 'projects.cannotChange', values);
      }
      const customerId = project.customer.id;
      await assertUniqueChange(tx.em, uniqueCode, project, input.code, { customer: customerId });
      if (input.schemeId !== undefined && input.schemeId !== project.scheme.id) {
        if (project.status !== 'draft') throw badField('schemeId', 'projects.schemeOnlyInDraft');
        await requirePublishedScheme(tx.em, input.schemeId, customerId);
      }
      const startDate = input.startDate ?? project.startDate;
      const endDate = input.endDate ?? project.endDate;
      if (endDate < startDate) throw badField('endDate', 'projects.endBeforeStart');
      const { id: _id, version: _version, schemeId, ...fields } = input;
      tx.em.assign(project, { ...definedOnly(fields), ...(schemeId !== undefined ? { scheme: schemeId } : {}) });
    },
    input.version,
  );
  return getProject(ctx, { id: input.id });
}

/* ------------------------------------------------------------------ the planning form's choice */

/** The chosen ids not assigned to the project yet. */
async function notAssigned(
  tx: Pick<ServiceContext, 'em'>,
  projectId: number,
  ids: readonly number[],
): Promise<number[]> {
  const assigned = new Set((await assignmentPlans(tx.em, projectId)).map((a) => a.locationId));
  return [...new Set(ids)].filter((id) => !assigned.has(id));
}

/** `projects.locationChoice`: the locations chosen for the project and not assigned yet. As getProject. */
export async function getLocationChoice(ctx: ServiceContext, input: { id: number }): Promise<TProjectLocationChoice> {
  authorize(ctx, 'read', 'Project');
  await projectById(ctx, input.id);
  const row = await db(ctx.em)
    .selectFrom('projects')
    .select('chosen_location_ids')
    .where('id', '=', input.id)
    .executeTakeFirstOrThrow();
  return { locationIds: await notAssigned(ctx, input.id, row.chosen_location_ids ?? []) };
}

/**
 * `projects.saveLocationChoice`: keep the planning form's chosen locations with the project (those already
 * assigned are left out). FORBIDDEN without `update Project` on it; CONFLICT once completed or archived;
 * BAD_REQUEST on `locationIds` for a location that is not the project's customer's.
 */
export async function saveLocationChoice(
  ctx: ServiceContext,
  input: TSaveLocationChoiceInput,
): Promise<TProjectLocationChoice> {
  authorize(ctx, 'update', 'Project');
  const locationIds = await withTransaction(ctx, async (tx) => {
    // 1. Guard: the project, locked, that the caller may update
    await lockRecord(tx, Project, input.id);
    const project = await loadForWrite(tx, records, input.id, 'update');

    // 2. State: a plan that may still change
    if (!PLANNABLE.includes(project.status)) {
      const values = { code: project.code, hint: projectState(project.status) };
      throw new AppError('CONFLICT', 'projects.cannotChange', values);
    }

    // 3. Rules: the customer's locations only
    const ids = await notAssigned(tx, project.id, input.locationIds);
    const owned = await locationIdsOf(tx.em, project.customer.id, ids);
    if (owned.size !== ids.length) throw badField('locationIds', 'projects.unknownLocations');

    // 4. Write (the project's own fields and version are untouched: this is the form's draft)
    const before = project.chosenLocationIds?.length ?? 0;
    await db(tx.em)
      .updateTable('projects')
      .set({ chosen_location_ids: JSON.stringify(ids) as never })
      .where('id', '=', project.id)
      .execute();

    // 5. Audit
    if (before !== ids.length || ids.length > 0)
      recordAudit(tx, {
        action: 'update',
        entityType: 'Project',
        entityId: project.id,
        customerId: project.customer.id,
        changes: { chosenLocations: { from: before, to: ids.length } },
      });
    return ids;
  });
  return { locationIds };
}

/* ------------------------------------------------------------------ transitions */

type Transition = 'activate' | 'hold' | 'complete' | 'archive' | 'restore';

/** From which statuses each transition may start. */
const FROM: Record<Transition, readonly TProjectStatus[]> = {
  activate: ['draft', 'on_hold'],
  hold: ['active'],
  complete: ['active', 'on_hold'],
  archive: ['draft', 'on_hold', 'completed'],
  restore: ['archived'],
};

const REFUSED: Record<Transition, ErrorKey> = {
  activate: 'projects.cannotActivate',
  hold: 'projects.cannotHold',
  complete: 'projects.cannotComplete',
  archive: 'projects.cannotArchive',
  restore: 'projects.cannotRestore',
};

/** CONFLICT unless the transition may start from the project's status. */
function requireTransitionFrom(project: Project, action: Transition): void {
  const from = project.status;
  if (action === 'archive' && from === 'archived')
    throw new AppError('CONFLICT', 'projects.alreadyArchived', { code: project.code });
  if (!FROM[action].includes(from)) {
    throw new AppError('CONFLICT', REFUSED[action], { code: project.code, hint: projectState(from) });
  }
}

/** BAD_REQUEST unless at least one location is assigned (a draft's activation). */
async function requireAssignedLocation(tx: AuthedContext, project: Project): Promise<void> {
  const n = (await assignmentCountsByProject(tx.em, [project.id])).get(project.id) ?? 0;
  if (n === 0) throw badField('assignments', 'projects.assignLocationFirst');
}

/** Where a restored project returns: archive is refused while active, so the dates tell the state it left. */
function restoredStatus(project: Project): TProjectStatus {
  if (project.completedAt) return 'completed';
  if (project.activatedAt) return 'on_hold';
  return 'draft';
}

/** The new status and its dates. */
function applyTransition(project: Project, action: Transition, now: Date): void {
  if (action === 'activate') {
    project.status = 'active';
    project.activatedAt ??= now;
  } else if (action === 'hold') project.status = 'on_hold';
  else if (action === 'complete') {
    project.status = 'completed';
    project.completedAt = now;
  } else if (action === 'archive') {
    project.status = 'archived';
    project.archivedAt = now;
  } else {
    project.status = restoredStatus(project);
    project.archivedAt = null;
  }
}

/** A completed project's tasks still `scheduled` become `cancelled` (one UPDATE); returns their inspectors. */
async function cancelPlannedTasks(tx: AuthedContext, project: Project): Promise<{ assignee_id: number | null }[]> {
  return db(tx.em)
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
}

/** Each inspector whose planned visits were cancelled is told once, with how many. */
async function notifyVisitsCancelled(
  tx: AuthedContext,
  project: Project,
  tasks: readonly { assignee_id: number | null }[],
): Promise<void> {
  const perAssignee = new Map<number, number>();
  for (const r of tasks)
    if (r.assignee_id !== null) perAssignee.set(r.assignee_id, (perAssignee.get(r.assignee_id) ?? 0) + 1);
  await sendNotifications(
    tx.em,
    [...perAssignee].map(([userId, n]) => ({
      userId,
      kind: 'planning',
      ...notice('visitsCancelled', { project: `${project.code} "${project.name}"`, count: n }),
      link: '/tasks',
    })),
  );
}

async function transition(ctx: ServiceContext, input: TProjectTransitionInput, action: Transition): Promise<TProject> {
  authorize(ctx, 'update', 'Project');
  await withTransaction(ctx, async (tx) => {
    // 1. Guard: the project, locked, that the caller may update
    await lockRecord(tx, Project, input.id);
    const project = await loadForWrite(tx, records, input.id, 'update');

    // 2. Version (before the state: a stale copy is refused whatever it asks)
    assertCurrent(project, input.version, 'Project');

    // 3. State
    const from = project.status;
    requireTransitionFrom(project, action);

    // 4. Rules: a draft is activated with at least one location assigned
    if (action === 'activate' && from === 'draft') await requireAssignedLocation(tx, project);

    // 5. Write: on completion, the visits still planned will not happen: their tasks are cancelled
    applyTransition(project, action, new Date());
    const cancelled = action === 'complete' ? await cancelPlannedTasks(tx, project) : [];

    // 6. Audit
    recordAudit(tx, {
      action,
      entityType: 'Project',
      entityId: project.id,
      customerId: project.customer.id,
      changes: {
        status: { from, to: project.status },
        ...(action === 'complete' ? { cancelledTasks: cancelled.length } : {}),
      },
    });

    // 7. Notify the inspectors of cancelled visits, and the webhooks listening
    await notifyVisitsCancelled(tx, project, cancelled);
    const event = action === 'activate' ? 'project.activated' : action === 'complete' ? 'project.completed' : null;
    if (event) await queueWebhookEvent(tx.em, project.customer.id, event, () => getProject(tx, { id: project.id }));
  });
  return getProject(ctx, { id: input.id });
}

/**
 * `projects.activate` / `hold` / `complete` / `archive` / `restore`, for whoever may update the
 * project: FORBIDDEN otherwise; CONFLICT from a status the transition does not start from or for a
 * stale version; activating a draft needs a location assigned (BAD_REQUEST). Completing cancels the
 * tasks still scheduled and tells their inspectors.
 */
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
 * `projects.delete`: a draft project that has no task yet (its assignments go with it); anything else
 * is archived instead (CONFLICT says so). FORBIDDEN without `delete Project` on it.
 */
export async function deleteProject(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Project');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Project, id);
    const project = await loadForWrite(tx, records, id, 'delete');
    if (project.status !== 'draft') {
      const values = { code: project.code, hint: projectState(project.status) };
      throw new AppError('CONFLICT', 'projects.onlyDraftDeleted', values);
    }
    const n = await countProjectTasks(tx.em, id);
    if (n > 0) {
      const key = n === 1 ? 'projects.hasOneTask' : 'projects.hasTasks';
      throw new AppError('CONFLICT', key, { code: project.code, count: n });
    }
    const assignments = await db(tx.em)
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
