// Schemes: versioned checklists. admin and businessadmin manage; every other business role reads (the
// listing's reads, re-exported here). A draft is edited in place; publish freezes it; editing the latest
// published version creates the next version as a draft (the published one never changes, so tasks
// pinned to it keep their questions). Only drafts can be deleted; published versions are archived and
// restored instead. The structure's own rules are in schemes.structure.ts.
import crypto from 'node:crypto';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import type { TCreateSchemeInput, TSchemeDetail, TUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type ArchiveSpec, archiveActions } from '../../../lib/archive.ts';
import { diffChanges, recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { assertCurrent, customerForNewRecord, loadForWrite, lockRecord } from '../../../lib/records.ts';
import { deleteOrExplain } from '../../../lib/references.ts';
import { withTransaction } from '../../../lib/scope.ts';
import { Scheme } from './scheme.entity.ts';
import { getScheme, structureOf } from './schemes.listing.ts';
import {
  asInput,
  assertPublishable,
  createDraft,
  normalizeStructure,
  type SectionInput,
  structureSize,
  writeStructure,
} from './schemes.structure.ts';

export { getScheme, iterateSchemes, listSchemes } from './schemes.listing.ts';

function snapshot(s: Scheme) {
  return {
    name: s.name,
    description: s.description,
    passingScore: s.passingScore,
    requireSignature: s.requireSignature,
    status: s.status,
    version: s.version,
  };
}

/** Schemes for loadForWrite and archive/restore: only a published version is archived, and its status follows. */
const records: ArchiveSpec<Scheme> = {
  entity: Scheme,
  subject: 'Scheme',
  label: 'Scheme',
  guard: (_tx, scheme, archived) => {
    if (archived && scheme.status !== 'published') {
      throw new AppError('CONFLICT', 'schemes.archiveDraft');
    }
  },
  apply: (scheme, archived) => {
    scheme.status = archived ? 'archived' : 'published';
  },
};

/** A new scheme: version 1, a draft. Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST (structure rules). */
export async function createScheme(ctx: ServiceContext, input: TCreateSchemeInput): Promise<TSchemeDetail> {
  authorize(ctx, 'create', 'Scheme');
  const sections = normalizeStructure(input.sections);
  const id = await withTransaction(ctx, async (tx) => {
    const customerId = await customerForNewRecord(tx, input.customerId, 'Scheme');

    const scheme = await createDraft(
      tx.em,
      {
        customer: customerId,
        key: crypto.randomUUID(),
        version: 1,
        name: input.name,
        description: input.description,
        passingScore: input.passingScore,
        requireSignature: input.requireSignature,
      },
      sections,
    );

    recordAudit(tx, {
      action: 'create',
      entityType: 'Scheme',
      entityId: scheme.id,
      customerId,
      changes: { ...snapshot(scheme), ...structureSize(sections) },
    });
    return scheme.id;
  });
  return getScheme(ctx, { id });
}

/** The fields of an update that are given. */
function patchOf(input: TUpdateSchemeInput) {
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.passingScore !== undefined ? { passingScore: input.passingScore } : {}),
    ...(input.requireSignature !== undefined ? { requireSignature: input.requireSignature } : {}),
  };
}

/** A published version is edited through the next version, and only the latest one (CONFLICT otherwise). */
async function assertLatestPublished(tx: AuthedContext, scheme: Scheme): Promise<void> {
  if (scheme.status === 'archived')
    throw new AppError('CONFLICT', 'schemes.restoreBeforeEditing', { version: scheme.version });
  if (!scheme.isLatest) {
    const latest = await tx.em.findOneOrFail(Scheme, { key: scheme.key, isLatest: true });
    throw new AppError('CONFLICT', 'schemes.notLatest', { version: scheme.version, latest: latest.version });
  }
}

/** A draft is changed in place, its structure replaced when given; returns its id. */
async function editDraft(
  tx: AuthedContext,
  scheme: Scheme,
  input: TUpdateSchemeInput,
  sections: SectionInput[] | undefined,
): Promise<number> {
  const before = snapshot(scheme);
  tx.em.assign(scheme, patchOf(input));
  // The sections are other rows: touch the scheme so its lockVersion moves with them too.
  if (sections) scheme.updatedAt = new Date();
  await tx.em.flush();
  if (sections) await writeStructure(tx.em, scheme, sections);

  recordUpdate(
    tx,
    { entityType: 'Scheme', entityId: scheme.id, customerId: scheme.customer.id },
    before,
    snapshot(scheme),
    {
      ...(sections ? { sections: { to: sections.length, questions: structureSize(sections).questions } } : {}),
    },
  );
  return scheme.id;
}

/** The next version of a published one, a draft with the change (this version stays as it is); returns its id. */
async function startNextVersion(
  tx: AuthedContext,
  scheme: Scheme,
  input: TUpdateSchemeInput,
  sections: SectionInput[] | undefined,
): Promise<number> {
  const customerId = scheme.customer.id;
  const structure = sections ?? asInput(await structureOf(tx.em, scheme.id));
  scheme.isLatest = false;
  const next = await createDraft(
    tx.em,
    {
      customer: customerId,
      key: scheme.key,
      version: scheme.version + 1,
      name: scheme.name,
      description: scheme.description,
      passingScore: scheme.passingScore,
      requireSignature: scheme.requireSignature,
      ...patchOf(input),
    },
    structure,
  );

  recordAudit(tx, {
    action: 'new_version',
    entityType: 'Scheme',
    entityId: next.id,
    customerId,
    changes: { fromId: scheme.id, fromVersion: scheme.version, ...diffChanges(snapshot(scheme), snapshot(next)) },
  });
  return next.id;
}

/**
 * Edit a draft in place; editing the latest published version creates the next version as a draft
 * (returned). Archived and superseded versions cannot be edited (CONFLICT), nor a version changed since
 * `lockVersion`. Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST (structure rules), CONFLICT.
 */
export async function updateScheme(ctx: ServiceContext, input: TUpdateSchemeInput): Promise<TSchemeDetail> {
  authorize(ctx, 'update', 'Scheme');
  const sections = input.sections ? normalizeStructure(input.sections) : undefined;
  const id = await withTransaction(ctx, async (tx) => {
    await lockRecord(tx, Scheme, input.id);
    const scheme = await loadForWrite(tx, records, input.id, 'update');

    assertCurrent(scheme, input.lockVersion, 'Scheme', 'lockVersion');

    if (scheme.status === 'draft') return editDraft(tx, scheme, input, sections);

    await assertLatestPublished(tx, scheme);
    return startNextVersion(tx, scheme, input, sections);
  });
  return getScheme(ctx, { id });
}

/**
 * Freeze a draft: from now on it never changes. Throws FORBIDDEN, NOT_FOUND, BAD_REQUEST (not publishable), CONFLICT.
 */
export async function publishScheme(ctx: ServiceContext, input: { id: number }): Promise<TSchemeDetail> {
  authorize(ctx, 'update', 'Scheme');
  await withTransaction(ctx, async (tx) => {
    const scheme = await loadForWrite(tx, records, input.id, 'update');
    if (scheme.status !== 'draft') {
      const key = scheme.status === 'published' ? 'schemes.alreadyPublished' : 'schemes.alreadyArchived';
      throw new AppError('CONFLICT', key, { version: scheme.version });
    }

    assertPublishable(await structureOf(tx.em, scheme.id));

    scheme.status = 'published';
    scheme.publishedAt = new Date();

    recordAudit(tx, {
      action: 'publish',
      entityType: 'Scheme',
      entityId: scheme.id,
      customerId: scheme.customer.id,
      changes: { version: scheme.version },
    });
  });
  return getScheme(ctx, input);
}

/**
 * Archiving withdraws a published version from new projects (tasks pinned to it keep it); restoring
 * publishes it again. Throw FORBIDDEN, NOT_FOUND, CONFLICT (archiving a draft).
 */
export const { archive: archiveScheme, restore: restoreScheme } = archiveActions(records, getScheme);

/**
 * Only a draft can be deleted (and only when nothing points at it); the previous version becomes the
 * latest. Throws FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function deleteScheme(ctx: ServiceContext, input: { id: number }): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Scheme');
  const { id } = input;
  await withTransaction(ctx, async (tx) => {
    const scheme = await loadForWrite(tx, records, id, 'delete');
    if (scheme.status !== 'draft') {
      const key = scheme.status === 'published' ? 'schemes.deletePublished' : 'schemes.deleteArchived';
      throw new AppError('CONFLICT', key, { version: scheme.version });
    }

    // Its sections and questions go with it (ON DELETE CASCADE); what else points at it refuses.
    const what = { record: 'Scheme', name: `${scheme.name} v${scheme.version}` } as const;
    await deleteOrExplain(tx.em, Scheme, id, { what });

    recordAudit(tx, {
      action: 'delete',
      entityType: 'Scheme',
      entityId: id,
      customerId: scheme.customer.id,
      changes: snapshot(scheme),
    });

    const wasLatest = scheme.isLatest;
    const key = scheme.key;
    tx.em.getUnitOfWork().unsetIdentity(scheme);
    if (wasLatest) {
      const previous = await tx.em.findOne(Scheme, { key }, { orderBy: { version: 'desc' } });
      if (previous) previous.isLatest = true;
    }
  });
  return { id, deleted: true };
}
