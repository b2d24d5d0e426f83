// Reads of corrective actions: the listing (columns, search, sorts, names of the references and the
// evidence), the caller's scope and the list filters, and the authorized list and byId reads.
import type { SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { TByIdInput } from '../../../../shared/schemas/common.ts';
import type { TCorrectiveAction, TListCorrectiveActionsInput } from '../../../../shared/schemas/corrective-actions.ts';
import { db } from '../../../db/kysely.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  type ListingFilter,
  listById,
  listingReads,
  listSource,
  toDate,
  toDateOrNull,
} from '../../../lib/list/index.ts';
import { conditionsFilter, tenantFilter } from '../../../lib/scope.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import { fileRefs } from '../files/files.refs.ts';

/** Open and past its due date: derived in SQL, never stored. */
export const overdueSql = sql<boolean>`(${sql.ref('a.status')} = 'open' and ${sql.ref('a.due_at')} < now())`;

export const correctiveActionListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('corrective_actions as a'), {
      id: 'a.id',
      select: (qb) =>
        qb.select([
          'a.id',
          'a.version',
          'a.customer_id',
          'a.status',
          overdueSql.as('overdue'),
          'a.origin',
          'a.task_id',
          'a.team_id',
          'a.project_id',
          'a.location_id',
          'a.question_key',
          'a.question_text',
          'a.owner_id',
          'a.due_at',
          'a.note',
          'a.completion_note',
          'a.evidence_file_ids',
          'a.done_at',
          'a.done_by_id',
          'a.verified_at',
          'a.verified_by_id',
          'a.verified_by_task_id',
          'a.cancelled_at',
          'a.cancel_reason',
          'a.created_at',
          'a.updated_at',
        ]),
      search: ['a.question_key', 'a.question_text'],
      sorts: { dueAt: 'a.due_at', createdAt: 'a.created_at', status: 'a.status', updatedAt: 'a.updated_at' },
    }),
  map: (r): TCorrectiveAction => ({
    id: r.id,
    version: r.version,
    customerId: r.customer_id,
    status: r.status,
    overdue: Boolean(r.overdue),
    origin: r.origin,
    taskId: r.task_id,
    teamId: r.team_id,
    project: { id: r.project_id, code: '', name: '' },
    location: { id: r.location_id, code: '', name: '' },
    questionKey: r.question_key,
    questionText: r.question_text,
    owner: r.owner_id === null ? null : { id: r.owner_id, name: '' },
    dueAt: toDate(r.due_at),
    note: r.note,
    completionNote: r.completion_note,
    evidenceFileIds: r.evidence_file_ids,
    evidence: [],
    doneAt: toDateOrNull(r.done_at),
    doneBy: r.done_by_id === null ? null : { id: r.done_by_id, name: '' },
    verifiedAt: toDateOrNull(r.verified_at),
    verifiedBy: r.verified_by_id === null ? null : { id: r.verified_by_id, name: '' },
    verifiedByTaskId: r.verified_by_task_id,
    cancelledAt: toDateOrNull(r.cancelled_at),
    cancelReason: r.cancel_reason,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
  // Names of the references and the evidence files, one query per kind for the whole page.
  enrich: async (em, items) => {
    const userIds = items.flatMap((i) =>
      [i.owner?.id, i.doneBy?.id, i.verifiedBy?.id].filter((id): id is number => id !== undefined),
    );
    const [projects, locations, users, files] = await Promise.all([
      db(em)
        .selectFrom('projects')
        .select(['id', 'code', 'name'])
        .where('id', 'in', [...new Set(items.map((i) => i.project.id))])
        .execute(),
      locationRefs(
        em,
        items.map((i) => i.location.id),
      ),
      userRefs(em, userIds),
      fileRefs(
        em,
        items.flatMap((i) => i.evidenceFileIds),
      ),
    ]);
    const projectById = new Map(projects.map((p) => [p.id, p]));
    const named = (ref: { id: number; name: string } | null) =>
      ref ? { id: ref.id, name: users.get(ref.id)?.fullName ?? '' } : null;
    for (const item of items) {
      const project = projectById.get(item.project.id);
      if (project) item.project = project;
      const location = locations.get(item.location.id);
      if (location) item.location = { id: location.id, code: location.code, name: location.name };
      item.owner = named(item.owner);
      item.doneBy = named(item.doneBy);
      item.verifiedBy = named(item.verifiedBy);
      item.evidence = item.evidenceFileIds.flatMap((id) => {
        const file = files.get(id);
        return file ? [{ id: file.id, name: file.name, mimeType: file.mimeType }] : [];
      });
    }
  },
});

type ActionFilter = ListingFilter<typeof correctiveActionListing>;

/** What the caller may read: their customer, and the ability's conditions (team, own). */
function readScope(ctx: AuthedContext): ActionFilter[] {
  return [
    tenantFilter(ctx, 'a.customer_id'),
    conditionsFilter(ctx, 'read', 'CorrectiveAction', {
      customerId: 'a.customer_id',
      teamId: 'a.team_id',
      ownerId: 'a.owner_id',
    }),
  ];
}

function listFilters(ctx: AuthedContext, input: TListCorrectiveActionsInput): ActionFilter[] {
  const statuses = input.status === undefined ? [] : Array.isArray(input.status) ? input.status : [input.status];
  return [
    ...readScope(ctx),
    statuses.length ? sql<SqlBool>`${sql.ref('a.status')} = any(${statuses})` : undefined,
    input.overdue === undefined ? undefined : input.overdue ? overdueSql : sql<SqlBool>`not ${overdueSql}`,
    input.taskId === undefined ? undefined : equalsFilter('a.task_id', input.taskId),
    input.updatedSince !== undefined && ((eb) => eb('a.updated_at', '>=', input.updatedSince as Date)),
    input.locationId === undefined ? undefined : equalsFilter('a.location_id', input.locationId),
    input.ownerId === undefined ? undefined : equalsFilter('a.owner_id', input.ownerId),
    input.projectId === undefined ? undefined : equalsFilter('a.project_id', input.projectId),
    input.teamId === undefined ? undefined : equalsFilter('a.team_id', input.teamId),
    input.mine ? equalsFilter('a.owner_id', ctx.user.id) : undefined,
  ];
}

const reads = listingReads('CorrectiveAction', correctiveActionListing, listFilters, 'dueAt');

/**
 * `correctiveActions.list`, for any role that reads actions (FORBIDDEN otherwise): filters (status one
 * or many, overdue, task, location, owner, project, team, mine, q on the question key and text), sorts
 * (default: due date, the most urgent first), exact totals, all in SQL; scoped by role (teamleader:
 * their teams'; qualitycontrol: their own).
 */
export const listCorrectiveActions = reads.list;

/**
 * `correctiveActions.byId`, for any role that reads actions: NOT_FOUND when missing, another
 * customer's, or out of the caller's sight.
 */
export async function getCorrectiveAction(ctx: ServiceContext, input: TByIdInput): Promise<TCorrectiveAction> {
  authorize(ctx, 'read', 'CorrectiveAction');
  return listById(ctx.em, correctiveActionListing, input.id, readScope(ctx), 'CorrectiveAction');
}
