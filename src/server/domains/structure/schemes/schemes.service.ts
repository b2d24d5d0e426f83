// Schemes: versioned checklists. admin and businessadmin manage; every other business role reads.
// A draft is edited in place; publish freezes it; editing the latest published version creates the
// next version as a draft (the published one never changes, so tasks pinned to it keep their
// questions). Only drafts can be deleted; published versions are archived and restored instead.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import {
  type ZSectionInput,
  type TCreateSchemeInput,
  type TListSchemesInput,
  type TQuestion,
  type TScheme,
  type TSchemeDetail,
  type TSection,
  type TUpdateSchemeInput,
} from '../../../../shared/schemas/schemes.ts';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { archiveActions, type ArchiveSpec } from '../../../lib/archive.ts';
import { authorize } from '../../../lib/authz.ts';
import type { AuthedContext, ServiceContext } from '../../../lib/context.ts';
import { defineListing, listById, listingReads, rowDate, rowDateOrNull } from '../../../lib/listing.ts';
import { loadForWrite } from '../../../lib/records.ts';
import { plural, refuseIfReferenced, registerCustomerRecords } from '../../../lib/references.ts';
import { findOwned, tenantSql, withTransaction } from '../../../lib/scope.ts';
import { equalsFilter, sql, tableOf, type Sql } from '../../../lib/sql-list.ts';
import { diffChanges, recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
import { customerForNewRecord } from '../../organization/customers/customers.service.ts';
import { Scheme, SchemeQuestion, SchemeSection } from './scheme.entity.ts';

type SectionInput = z.output<typeof ZSectionInput>;

export const schemeListing = defineListing({
  source: (em: EntityManager) => {
    const s = tableOf(em, Scheme, 'sc');
    const sec = tableOf(em, SchemeSection, 'sec');
    const q = tableOf(em, SchemeQuestion, 'q');
    return {
      from: s.from,
      id: s.col('id'),
      select: {
        id: s.col('id'),
        customerId: s.col('customer'),
        key: s.col('key'),
        version: s.col('version'),
        isLatest: s.col('isLatest'),
        name: s.col('name'),
        description: s.col('description'),
        status: s.col('status'),
        passingScore: s.col('passingScore'),
        requireSignature: s.col('requireSignature'),
        publishedAt: s.col('publishedAt'),
        archivedAt: s.col('archivedAt'),
        sectionCount: sql`(select count(*)::int from ${sec.from} where ${sec.col('scheme')} = ${s.col('id')})`,
        questionCount: sql`(select count(*)::int from ${q.from} where ${q.col('scheme')} = ${s.col('id')})`,
        createdAt: s.col('createdAt'),
        updatedAt: s.col('updatedAt'),
      },
      search: [s.col('name')],
      sorts: {
        name: s.col('name'),
        version: s.col('version'),
        status: s.col('status'),
        publishedAt: s.col('publishedAt'),
        createdAt: s.col('createdAt'),
        updatedAt: s.col('updatedAt'),
      },
    };
  },
  map: (r): TScheme => ({
    id: r.id as number,
    customerId: r.customerId as number,
    key: r.key as string,
    version: r.version as number,
    isLatest: r.isLatest as boolean,
    name: r.name as string,
    description: r.description as string | null,
    status: r.status as TScheme['status'],
    passingScore: r.passingScore as number,
    requireSignature: r.requireSignature as boolean,
    publishedAt: rowDateOrNull(r.publishedAt),
    archivedAt: rowDateOrNull(r.archivedAt),
    sectionCount: r.sectionCount as number,
    questionCount: r.questionCount as number,
    createdAt: rowDate(r.createdAt),
    updatedAt: rowDate(r.updatedAt),
  }),
});

function listFilters(ctx: AuthedContext, input: Omit<TListSchemesInput, 'page' | 'itemsPerPage'>): (Sql | undefined)[] {
  const s = tableOf(ctx.em, Scheme, 'sc');
  const views: Record<TListSchemesInput['view'], Sql | undefined> = {
    latest: sql`${s.col('isLatest')}`,
    latestPublished: sql`${s.col('status')} = 'published' and ${s.col('version')} = (select max("s2"."version") from "schemes" "s2" where "s2"."key" = ${s.col('key')} and "s2"."status" = 'published')`,
    all: undefined,
  };
  return [
    tenantSql(ctx, s.col('customer')),
    equalsFilter(s.col('customer'), input.customerId),
    input.status ? sql`${s.col('status')} = ${input.status}` : undefined,
    input.key ? sql`${s.col('key')} = ${input.key}` : undefined,
    views[input.view],
  ];
}

export const { list: listSchemes, iterate: iterateSchemes } = listingReads('Scheme', schemeListing, listFilters, 'name');

function toQuestion(q: SchemeQuestion): TQuestion {
  return {
    id: q.id,
    key: q.key,
    position: q.position,
    text: q.text,
    help: q.help ?? null,
    type: q.type,
    options: q.options,
    maxScore: Number(q.maxScore),
    weight: Number(q.weight),
    required: q.required,
    allowNA: q.allowNa,
    critical: q.critical,
    evidence: q.evidence,
    minPhotos: q.minPhotos,
    visibleIf: q.visibleIf ?? null,
  };
}

async function structureOf(em: EntityManager, schemeId: number): Promise<TSection[]> {
  const sections = await em.find(SchemeSection, { scheme: schemeId }, { orderBy: { position: 'asc' } });
  const questions = await em.find(SchemeQuestion, { scheme: schemeId }, { orderBy: { position: 'asc' } });
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    weight: Number(s.weight),
    position: s.position,
    questions: questions.filter((q) => q.section.id === s.id).map(toQuestion),
  }));
}

export async function getScheme(ctx: ServiceContext, id: number): Promise<TSchemeDetail> {
  authorize(ctx, 'read', 'Scheme');
  const s = tableOf(ctx.em, Scheme, 'sc');
  const found = await listById(ctx.em, schemeListing, id, [tenantSql(ctx, s.col('customer'))], 'Scheme');
  const versions = await ctx.em.find(Scheme, { key: found.key }, { orderBy: { version: 'desc' } });
  return {
    ...found,
    sections: await structureOf(ctx.em, id),
    versions: versions.map((v) => ({ id: v.id, version: v.version, status: v.status, publishedAt: v.publishedAt ?? null })),
  };
}

/** For projects and tasks: a published version of `customerId` (NOT_FOUND otherwise). */
export async function requirePublishedScheme(em: EntityManager, id: number, customerId: number): Promise<{ id: number; key: string; version: number; name: string }> {
  const scheme = await findOwned(em, Scheme, id, customerId, 'Scheme');
  if (scheme.status !== 'published') {
    throw new AppError('BAD_REQUEST', `Scheme "${scheme.name}" v${scheme.version} is ${scheme.status}; choose a published version`, {
      schemeId: [`Scheme "${scheme.name}" v${scheme.version} is ${scheme.status}; choose a published version`],
    });
  }
  return { id: scheme.id, key: scheme.key, version: scheme.version, name: scheme.name };
}

/* ------------------------------------------------------------------ structure */

function bad(message: string, field = 'sections'): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

const SCORED = new Set(['yesno', 'score', 'choice', 'number']);

/** Give new questions keys and check the structure's own rules (keys, options, visibility). */
function normalizeStructure(sections: SectionInput[]): SectionInput[] {
  const seen = new Set<string>();
  return sections.map((section, si) => ({
    ...section,
    questions: section.questions.map((question, qi) => {
      const where = `Section ${si + 1}, question ${qi + 1}`;
      const key = question.key ?? `q_${crypto.randomBytes(5).toString('hex')}`;
      if (seen.has(key)) throw bad(`${where}: the key "${key}" is used twice`);
      if (question.visibleIf) {
        if (!seen.has(question.visibleIf.questionKey)) {
          throw bad(`${where}: "visible if" must refer to an earlier question's key (not "${question.visibleIf.questionKey}")`);
        }
      }
      seen.add(key);
      if (question.type === 'choice') {
        if (question.options.length < 2) throw bad(`${where}: a choice question needs at least 2 options`);
        const values = new Set(question.options.map((o) => o.value));
        if (values.size !== question.options.length) throw bad(`${where}: option values must be different`);
        if (question.options.some((o) => o.score > question.maxScore)) throw bad(`${where}: an option scores more than the question's max score`);
      } else if (question.options.length) {
        throw bad(`${where}: only choice questions have options`);
      }
      if (!SCORED.has(question.type) && question.critical) throw bad(`${where}: only scored questions can be critical`);
      if (question.evidence === 'none' && question.minPhotos > 0) throw bad(`${where}: photos are required only with an evidence rule`);
      return { ...question, key };
    }),
  }));
}

/** What publishing needs beyond the structure's own rules. */
function assertPublishable(sections: TSection[]): void {
  if (!sections.length) throw bad('A scheme needs at least one section before it can be published');
  const empty = sections.find((s) => !s.questions.length);
  if (empty) throw bad(`Section "${empty.title}" has no questions`);
  const scored = sections.flatMap((s) => s.questions).filter((q) => SCORED.has(q.type) && q.maxScore > 0 && q.weight > 0);
  if (!scored.length) throw bad('A scheme needs at least one scored question (with a max score and a weight) before it can be published');
}

async function writeStructure(em: EntityManager, scheme: Scheme, sections: SectionInput[]): Promise<void> {
  await em.nativeDelete(SchemeQuestion, { scheme: scheme.id });
  await em.nativeDelete(SchemeSection, { scheme: scheme.id });
  sections.forEach((section, si) => {
    const row = em.create(SchemeSection, { scheme, title: section.title, weight: section.weight, position: si + 1 });
    section.questions.forEach((q, qi) => {
      em.create(SchemeQuestion, {
        scheme,
        section: row,
        key: q.key as string,
        position: qi + 1,
        text: q.text,
        help: q.help,
        type: q.type,
        options: q.options,
        maxScore: q.maxScore,
        weight: q.weight,
        required: q.required,
        allowNa: q.allowNA,
        critical: q.critical,
        evidence: q.evidence,
        minPhotos: q.minPhotos,
        visibleIf: q.visibleIf,
      });
    });
  });
  await em.flush();
}

/** Sections and questions of a structure, for audit events. */
function structureSize(sections: SectionInput[]) {
  return { sections: sections.length, questions: sections.reduce((n, s) => n + s.questions.length, 0) };
}

/** A new latest version of a scheme, a draft, with its sections and questions. */
async function createDraft(
  em: EntityManager,
  fields: Pick<Scheme, 'key' | 'version' | 'name' | 'description' | 'passingScore' | 'requireSignature'> & { customer: number },
  sections: SectionInput[],
): Promise<Scheme> {
  const scheme = em.create(Scheme, { ...fields, isLatest: true, status: 'draft', publishedAt: null, archivedAt: null });
  await em.flush();
  await writeStructure(em, scheme, sections);
  return scheme;
}

/** The current structure as input (to copy into a new version). */
function asInput(sections: TSection[]): SectionInput[] {
  return sections.map((s) => ({
    title: s.title,
    weight: s.weight,
    questions: s.questions.map(({ id: _id, position: _p, ...q }) => q),
  }));
}

/* ------------------------------------------------------------------ mutations */

function snapshot(s: Scheme) {
  return { name: s.name, description: s.description, passingScore: s.passingScore, requireSignature: s.requireSignature, status: s.status, version: s.version };
}

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
    recordAudit(tx, { action: 'create', entityType: 'Scheme', entityId: scheme.id, customerId, changes: { ...snapshot(scheme), ...structureSize(sections) } });
    return scheme.id;
  });
  return getScheme(ctx, id);
}

/** Schemes for loadForWrite and archive/restore: only a published version is archived, and its status follows. */
const records: ArchiveSpec<Scheme> = {
  entity: Scheme,
  subject: 'Scheme',
  label: 'Scheme',
  guard: (_tx, scheme, archived) => {
    if (archived && scheme.status !== 'published') {
      throw new AppError('CONFLICT', 'Only a published version can be archived; delete a draft instead');
    }
  },
  apply: (scheme, archived) => {
    scheme.status = archived ? 'archived' : 'published';
  },
};

/**
 * Edit a draft in place; editing the latest published version creates the next version as a draft
 * (returned). Archived and superseded versions cannot be edited (CONFLICT).
 */
export async function updateScheme(ctx: ServiceContext, input: TUpdateSchemeInput): Promise<TSchemeDetail> {
  authorize(ctx, 'update', 'Scheme');
  const sections = input.sections ? normalizeStructure(input.sections) : undefined;
  const id = await withTransaction(ctx, async (tx) => {
    const scheme = await loadForWrite(tx, records, input.id, 'update');
    const customerId = scheme.customer.id;
    const patch = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.passingScore !== undefined ? { passingScore: input.passingScore } : {}),
      ...(input.requireSignature !== undefined ? { requireSignature: input.requireSignature } : {}),
    };
    if (scheme.status === 'draft') {
      const before = snapshot(scheme);
      tx.em.assign(scheme, patch);
      await tx.em.flush();
      if (sections) await writeStructure(tx.em, scheme, sections);
      recordUpdate(tx, { entityType: 'Scheme', entityId: scheme.id, customerId }, before, snapshot(scheme), {
        ...(sections ? { sections: { to: sections.length, questions: structureSize(sections).questions } } : {}),
      });
      return scheme.id;
    }
    if (scheme.status === 'archived') throw new AppError('CONFLICT', `Version ${scheme.version} is archived; restore it before editing`);
    if (!scheme.isLatest) {
      const latest = await tx.em.findOneOrFail(Scheme, { key: scheme.key, isLatest: true });
      throw new AppError('CONFLICT', `Version ${scheme.version} is not the latest; edit version ${latest.version} instead`);
    }
    // Published: the next version, a draft, gets the change; this version stays as it is.
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
        ...patch,
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
  });
  return getScheme(ctx, id);
}

/** Freeze a draft: from now on it never changes. */
export async function publishScheme(ctx: ServiceContext, id: number): Promise<TSchemeDetail> {
  authorize(ctx, 'update', 'Scheme');
  await withTransaction(ctx, async (tx) => {
    const scheme = await loadForWrite(tx, records, id, 'update');
    if (scheme.status !== 'draft') throw new AppError('CONFLICT', `Version ${scheme.version} is already ${scheme.status}`);
    assertPublishable(await structureOf(tx.em, scheme.id));
    scheme.status = 'published';
    scheme.publishedAt = new Date();
    recordAudit(tx, { action: 'publish', entityType: 'Scheme', entityId: scheme.id, customerId: scheme.customer.id, changes: { version: scheme.version } });
  });
  return getScheme(ctx, id);
}

/** Archiving withdraws a published version from new projects (tasks pinned to it keep it). */
export const { archive: archiveScheme, restore: restoreScheme } = archiveActions(records, getScheme);

/** Only a draft can be deleted (and only when nothing points at it); the previous version becomes the latest. */
export async function deleteScheme(ctx: ServiceContext, id: number): Promise<TDeleted> {
  authorize(ctx, 'delete', 'Scheme');
  await withTransaction(ctx, async (tx) => {
    const scheme = await loadForWrite(tx, records, id, 'delete');
    if (scheme.status !== 'draft') {
      throw new AppError('CONFLICT', `Version ${scheme.version} is ${scheme.status} and is kept so tasks keep their questions; archive it instead`);
    }
    await refuseIfReferenced(tx.em, 'Scheme', id, `Scheme "${scheme.name}" v${scheme.version}`);
    recordAudit(tx, { action: 'delete', entityType: 'Scheme', entityId: id, customerId: scheme.customer.id, changes: snapshot(scheme) });
    const wasLatest = scheme.isLatest;
    const key = scheme.key;
    tx.em.remove(scheme);
    await tx.em.flush();
    if (wasLatest) {
      const previous = await tx.em.findOne(Scheme, { key }, { orderBy: { version: 'desc' } });
      if (previous) previous.isLatest = true;
    }
  });
  return { id, deleted: true };
}

registerCustomerRecords(Scheme, plural('scheme version'));
