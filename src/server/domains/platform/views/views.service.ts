// Saved views of lists: a user's named list states, personal or shared with their customer.
// Visible to the caller: their own views, plus the views shared in their customer (the superadmin
// belongs to none: only its own). Anything else is NOT_FOUND; a visible view the caller may not change
// (someone else's shared view) is FORBIDDEN. Every mutation is audited.

import { MAX_VIEWS_PER_LIST } from '../../../../shared/constants/saved-views.ts';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type {
  TCreateSavedViewInput,
  TListSavedViewsInput,
  TSavedView,
  TSavedViewList,
  TUpdateSavedViewInput,
} from '../../../../shared/schemas/views.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize, authorizeRecord, tenantId } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { definedOnly } from '../../../lib/objects.ts';
import { loadForWrite, type RecordSpec } from '../../../lib/records.ts';
import { assertUnique, flushUnique, type UniqueRule, withTransaction } from '../../../lib/scope.ts';
import { SavedView } from './saved-view.entity.ts';

const UNIQUE_NAME: UniqueRule<SavedView> = {
  entity: SavedView,
  field: 'name',
  key: 'views.nameTaken',
};

/** Views the caller may see: their own, and those shared in their customer. */
function visibleWhere(ctx: AuthedContext): Record<string, unknown> {
  const tenant = tenantId(ctx);
  const own = { owner: ctx.user.id };
  return tenant === null ? own : { $or: [own, { customer: tenant, shared: true }] };
}

/** The view as CASL conditions see it. */
function abilityRecord(view: SavedView): Record<string, unknown> {
  return { id: view.id, ownerId: view.owner.id, customerId: view.customer?.id ?? null, shared: view.shared };
}

function snapshot(view: SavedView): Record<string, unknown> {
  return { listKey: view.listKey, name: view.name, query: view.query, shared: view.shared };
}

function toDto(view: SavedView): TSavedView {
  return {
    id: view.id,
    listKey: view.listKey,
    name: view.name,
    query: view.query,
    shared: view.shared,
    ownerId: view.owner.id,
    ownerName: view.owner.fullName,
    customerId: view.customer?.id ?? null,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}

/** A view visible to the caller (NOT_FOUND otherwise) that the caller may `action` (FORBIDDEN otherwise). */
const records: RecordSpec<SavedView> = {
  entity: SavedView,
  subject: 'SavedView',
  label: 'View',
  load: async (tx, id, action) => {
    const view = await tx.em.findOne(SavedView, { id, ...visibleWhere(tx) }, { populate: ['owner'] });
    if (!view) throw notFound('View');
    authorizeRecord(tx, action, 'SavedView', abilityRecord(view));
    return view;
  },
};

/** Only a user of a customer has someone to share with. */
function refuseSharingWithoutCustomer(customerId: number | null, shared: boolean | undefined): void {
  if (shared && customerId === null) {
    throw new AppError('BAD_REQUEST', 'views.sharingWithoutCustomer', {}, { shared: 'views.sharingWithoutCustomer' });
  }
}

/** The caller's views of one list, then the ones others shared in the caller's customer; each by name. */
export async function listViews(ctx: ServiceContext, input: TListSavedViewsInput): Promise<TSavedViewList> {
  authorize(ctx, 'read', 'SavedView');
  const views = await ctx.em.find(
    SavedView,
    { listKey: input.listKey, ...visibleWhere(ctx) },
    { populate: ['owner'], orderBy: { name: 'asc', id: 'asc' } },
  );
  const mine = views.filter((v) => v.owner.id === ctx.user.id);
  const others = views.filter((v) => v.owner.id !== ctx.user.id);
  return { items: [...mine, ...others].map(toDto) };
}

/**
 * Save a list state under a new name. Throws FORBIDDEN (client), CONFLICT (name taken, too many views), BAD_REQUEST.
 */
export async function createView(ctx: ServiceContext, input: TCreateSavedViewInput): Promise<TSavedView> {
  authorize(ctx, 'create', 'SavedView');
  const customerId = tenantId(ctx);
  refuseSharingWithoutCustomer(customerId, input.shared);
  return withTransaction(ctx, async (tx) => {
    const owner = tx.user.id;
    const count = await tx.em.count(SavedView, { owner, listKey: input.listKey });
    if (count >= MAX_VIEWS_PER_LIST) {
      throw new AppError('CONFLICT', 'views.tooMany', { max: MAX_VIEWS_PER_LIST }, { name: 'views.tooMany' });
    }
    await assertUnique(tx.em, UNIQUE_NAME, { owner, listKey: input.listKey, name: input.name });
    const view = tx.em.create(SavedView, {
      owner,
      customer: customerId,
      listKey: input.listKey,
      name: input.name,
      query: input.query,
      shared: input.shared,
    });
    await flushUnique(tx.em, UNIQUE_NAME);
    await tx.em.populate(view, ['owner']);
    recordAudit(tx, {
      action: 'create',
      entityType: 'SavedView',
      entityId: view.id,
      customerId,
      changes: snapshot(view),
    });
    return toDto(view);
  });
}

/** Rename, change the query, share or unshare one of the caller's views. Throws NOT_FOUND, FORBIDDEN, CONFLICT. */
export async function updateView(ctx: ServiceContext, input: TUpdateSavedViewInput): Promise<TSavedView> {
  authorize(ctx, 'update', 'SavedView');
  return withTransaction(ctx, async (tx) => {
    const view = await loadForWrite(tx, records, input.id, 'update');
    const { id: _id, ...patch } = input;
    const changes = definedOnly(patch);
    refuseSharingWithoutCustomer(view.customer?.id ?? null, changes.shared);
    if (changes.name !== undefined && changes.name !== view.name) {
      await assertUnique(
        tx.em,
        UNIQUE_NAME,
        { owner: view.owner.id, listKey: view.listKey, name: changes.name },
        view.id,
      );
    }
    const before = snapshot(view);
    tx.em.assign(view, changes);
    const customerId = view.customer?.id ?? null;
    recordUpdate(tx, { entityType: 'SavedView', entityId: view.id, customerId }, before, snapshot(view));
    await flushUnique(tx.em, UNIQUE_NAME);
    return toDto(view);
  });
}

/** Delete a view: the owner's, or (an admin) a shared view of the admin's customer. Throws NOT_FOUND, FORBIDDEN. */
export async function deleteView(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'SavedView');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const view = await loadForWrite(tx, records, id, 'delete');
    const customerId = view.customer?.id ?? null;
    const changes = { ...snapshot(view), ownerId: view.owner.id };
    recordAudit(tx, { action: 'delete', entityType: 'SavedView', entityId: view.id, customerId, changes });
    tx.em.remove(view);
  });
  return { id, deleted: true };
}
