// The audit trail for admins as lists read it: `audit.list` over the events the kernel's writer
// (lib/audit) keeps — filtered (actor, record type and id, action, period, customer), sorted and paged
// in SQL by the list kernel, newest first. Who may read it: the roles with `read AuditEvent` (admin in
// their customer, superadmin across customers); another customer's events are never listed.

import type { EntityManager } from '@mikro-orm/postgresql';
import type { TAuditAction, TAuditEntityType, TAuditEvent, TListAuditInput } from '../../../../shared/schemas/audit.ts';
import type { AuditAction, AuditEntityType } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import {
  defineListing,
  equalsFilter,
  iterateListing,
  type ListingFilter,
  listPage,
  listSource,
  toDate,
} from '../../../lib/list/index.ts';
import { tenantFilter } from '../../../lib/scope.ts';
import { customerNames } from '../../organization/customers/customers.refs.ts';
import { teamRefs } from '../../organization/teams/teams.refs.ts';
import { userRefs } from '../../organization/users/users.refs.ts';
import { locationClassRefs } from '../../structure/location-classes/location-classes.refs.ts';
import { locationRefs } from '../../structure/locations/locations.refs.ts';
import { schemeRefs } from '../../structure/schemes/schemes.refs.ts';
import { subDirectionRefs } from '../../structure/sub-directions/sub-directions.refs.ts';
import { projectRefs } from '../../workflow/projects/projects.refs.ts';

// The shared filter lists must name every action and record type the writer records: a new one added
// to lib/audit without adding it to src/shared/schemas/audit.ts fails here, at compile time.
const writerActionsAreFilterable: [AuditAction] extends [TAuditAction] ? true : never = true;
const writerTypesAreFilterable: [AuditEntityType] extends [TAuditEntityType] ? true : never = true;
void writerActionsAreFilterable;
void writerTypesAreFilterable;

type Labels = (em: EntityManager, ids: number[]) => Promise<Map<number, string>>;
const labelsOf =
  <T>(refs: (em: EntityManager, ids: number[]) => Promise<Map<number, T>>, label: (ref: T) => string): Labels =>
  async (em, ids) =>
    new Map([...(await refs(em, ids))].map(([id, ref]) => [id, label(ref)]));

/**
 * How a record of each type is found on its list page (its search matches these); types without an
 * entry are linked by id (Task, Scheme) or not at all.
 */
const RECORD_LABELS: Partial<Record<TAuditEntityType, Labels>> = {
  Customer: customerNames,
  User: labelsOf(userRefs, (u) => u.email),
  Team: labelsOf(teamRefs, (t) => t.name),
  Location: labelsOf(locationRefs, (l) => l.code),
  SubDirection: labelsOf(subDirectionRefs, (s) => s.code),
  Class: labelsOf(locationClassRefs, (c) => c.name),
  Scheme: labelsOf(schemeRefs, (s) => s.name),
  Project: labelsOf(projectRefs, (p) => p.code),
};

/** Current labels of the page's records, one query per type. */
async function recordLabels(em: EntityManager, items: TAuditEvent[]): Promise<Map<string, string>> {
  const byType = new Map<TAuditEntityType, number[]>();
  for (const item of items) {
    const type = item.entityType as TAuditEntityType;
    if (RECORD_LABELS[type]) byType.set(type, [...(byType.get(type) ?? []), item.entityId]);
  }
  const out = new Map<string, string>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      for (const [id, label] of await (RECORD_LABELS[type] as Labels)(em, ids)) out.set(`${type}:${id}`, label);
    }),
  );
  return out;
}

export const auditListing = defineListing({
  source: (k) =>
    listSource(k.selectFrom('audit_events as a'), {
      id: 'a.id',
      select: (qb) =>
        qb.select([
          'a.id',
          'a.at',
          'a.customer_id',
          'a.actor_id',
          'a.actor_email',
          'a.action',
          'a.entity_type',
          'a.entity_id',
          'a.changes',
        ]),
      sorts: { at: 'a.at' },
      defaultDirection: 'desc',
    }),
  map: (r): TAuditEvent => ({
    id: Number(r.id),
    at: toDate(r.at),
    customerId: r.customer_id,
    customerName: null,
    actorId: r.actor_id,
    actorEmail: r.actor_email,
    actorName: null,
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    recordLabel: null,
    changes: (typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes) as Record<string, unknown>,
  }),
  // Names of the actors and customers, one query each for the page.
  enrich: async (em, items) => {
    const [users, customers, labels] = await Promise.all([
      userRefs(
        em,
        items.flatMap((i) => (i.actorId === null ? [] : [i.actorId])),
      ),
      customerNames(
        em,
        items.flatMap((i) => (i.customerId === null ? [] : [i.customerId])),
      ),
      recordLabels(em, items),
    ]);
    for (const item of items) {
      item.actorName = item.actorId === null ? null : (users.get(item.actorId)?.fullName ?? null);
      item.customerName = item.customerId === null ? null : (customers.get(item.customerId) ?? null);
      item.recordLabel = labels.get(`${item.entityType}:${item.entityId}`) ?? null;
    }
  },
});

type AuditFilter = ListingFilter<typeof auditListing>;

function listFilters(ctx: AuthedContext, input: Omit<TListAuditInput, 'page' | 'itemsPerPage'>): AuditFilter[] {
  return [
    tenantFilter(ctx, 'a.customer_id'),
    equalsFilter('a.customer_id', input.customerId),
    equalsFilter('a.actor_id', input.actorId),
    equalsFilter('a.entity_type', input.entityType),
    equalsFilter('a.entity_id', input.entityId),
    equalsFilter('a.action', input.action),
    input.from !== undefined && ((eb) => eb('a.at', '>=', input.from as Date)),
    input.to !== undefined && ((eb) => eb('a.at', '<', input.to as Date)),
  ];
}

const sorted = (input: TListAuditInput) => ({ ...input, sortBy: 'at' as const });

/** `audit.list`: the events the caller may read, newest first. FORBIDDEN to roles without `read AuditEvent`. */
export async function listAudit(
  ctx: ServiceContext,
  input: TListAuditInput,
): Promise<{ items: TAuditEvent[]; total: number }> {
  authorize(ctx, 'read', 'AuditEvent');
  return listPage(ctx.em, auditListing, listFilters(ctx, input), sorted(input));
}

/** Every event of the filter, in batches (CSV export). */
export async function* iterateAudit(ctx: ServiceContext, input: TListAuditInput): AsyncGenerator<TAuditEvent[]> {
  authorize(ctx, 'read', 'AuditEvent');
  yield* iterateListing(ctx.em, auditListing, listFilters(ctx, input), sorted(input));
}
