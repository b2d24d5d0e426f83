// Schemes: versioned checklists. admin and businessadmin manage; every other business role reads.
// A draft is edited in place; publish freezes it; editing the latest published version creates the
// next version as a draft (the published one never changes, so tasks pinned to it keep their
// questions). Only drafts can be deleted; published versions are archived and restored instead.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { TDeleted } from '../../../../shared/schemas/business.ts';
import {
  type TCreateSchemeInput,
  type TListSchemesInput,
  type TQuestion,
  type TScheme,
  type TSchemeDetail,
  type TSection,
  type TUpdateSchemeInput,
  type ZSectionInput,
} from '../../../../shared/schemas/schemes.ts';
import { db } from '../../../db/kysely.ts';
import { AppError } from '../../../lib/app-error.ts';
import { type ArchiveSpec, archiveActions } from '../../../lib/archive.ts';
import { diffChanges, recordAudit, recordUpdate } from '../../../lib/audit/audit.ts';
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
} from '../../../lib/list.ts';
import { assertCurrent, loadForWrite, lockRecord } from '../../../lib/records.ts';
import { deleteOrExplain } from '../../../lib/references.ts';
import { findOwned, tenantFilter, withTransaction } from '../../../lib/scope.ts';
import { customerForNewRecord } from '../../organization/customers/customers.service.ts';
import { Scheme, SchemeQuestion, SchemeSection } from './scheme.entity.ts';

type SectionInput = z.output<typeof ZSectionInput>;

const countStar = sql<number>`count(*)::int`;

/** A numeric column as a JS number. */
const float = (column: string) => sql<number>`${sql.ref(column)}::float8`;

export const schemeListing = defineListing({
  source: (db) =>
    listSource(db.selectFrom('schemes as sc'), {
      id: 'sc.id',
      select: (qb) =>
        qb.select((eb) => [
          'sc.id',
          'sc.lock_version',
          'sc.customer_id',
          'sc.key',
          'sc.version',
          'sc.is_latest',
          'sc.name',
          'sc.description',
          'sc.status',
          'sc.passing_score',
          'sc.require_signature',
          'sc.published_at',
          'sc.archived_at',
          eb
            .selectFrom('scheme_sections as sec')
            .whereRef('sec.scheme_id', '=', 'sc.id')
            .select(countStar.as('n'))
            .as('section_count'),
          eb
            .selectFrom('scheme_questions as q')
            .whereRef('q.scheme_id', '=', 'sc.id')
            .select(countStar.as('n'))
            .as('question_count'),
          'sc.created_at',
          'sc.updated_at',
        ]),
      search: ['sc.name'],
      sorts: {
        name: 'sc.name',
        version: 'sc.version',
        status: 'sc.status',
        publishedAt: 'sc.published_at',
        createdAt: 'sc.created_at',
        updatedAt: 'sc.updated_at',
      },
    }),
  map: (r): TScheme => ({
    id: r.id,
    lockVersion: r.lock_version,
    customerId: r.customer_id,
    key: r.key,
    version: r.version,
    isLatest: r.is_latest,
    name: r.name,
    description: r.description,
    status: r.status,
    passingScore: r.passing_score,
    requireSignature: r.require_signature,
    publishedAt: toDateOrNull(r.published_at),
    archivedAt: toDateOrNull(r.archived_at),
    sectionCount: r.section_count ?? 0,
    questionCount: r.question_count ?? 0,
    createdAt: toDate(r.created_at),
    updatedAt: toDate(r.updated_at),
  }),
});

type SchemeFilter = ListingFilter<typeof schemeListing>;

function listFilters(ctx: AuthedContext, input: Omit<TListSchemesInput, 'page' | 'itemsPerPage'>): SchemeFilter[] {
  const views: Record<TListSchemesInput['view'], SchemeFilter> = {
    latest: (eb) => eb('sc.is_latest', '=', true),
    latestPublished: (eb) =>
      eb.and([
        eb('sc.status', '=', 'published'),
        eb(
          'sc.version',
          '=',
          eb
            .selectFrom('schemes as s2')
            .whereRef('s2.key', '=', 'sc.key')
            .where('s2.status', '=', 'published')
            .select((e) => e.fn.max('s2.version').as('v')),
        ),
      ]),
    all: undefined,
  };
  return [
    tenantFilter(ctx, 'sc.customer_id'),
    equalsFilter('sc.customer_id', input.customerId),
    equalsFilter('sc.status', input.status),
    input.key ? equalsFilter('sc.key', input.key) : undefined,
    views[input.view],
  ];
}

export const { list: listSchemes, iterate: iterateSchemes } = listingReads(
  'Scheme',
  schemeListing,
  listFilters,
  'name',
);

/** The sections of a scheme version in order, each with its questions in order. */
async function structureOf(em: EntityManager, schemeId: number): Promise<TSection[]> {
  const k = db(em);
  const sections = await k
    .selectFrom('scheme_sections')
    .select(['id', 'title', float('weight').as('weight'), 'position'])
    .where('scheme_id', '=', schemeId)
    .orderBy('position')
    .execute();
  const questions = await k
    .selectFrom('scheme_questions')
    .select([
      'id',
      'section_id',
      'key',
      'position',
      'text',
      'help',
      'type',
      'options',
      float('max_score').as('max_score'),
      float('weight').as('weight'),
      'required',
      'allow_na',
      'critical',
      'evidence',
      'min_photos',
      'visible_if',
    ])
    .where('scheme_id', '=', schemeId)
    .orderBy('position')
    .execute();
  return sections.map((s) => ({
    id: s.id,
    title: s.title,
    weight: s.weight,
    position: s.position,
    questions: questions
      .filter((q) => q.section_id === s.id)
      .map(
        (q): TQuestion => ({
          id: q.id,
          key: q.key,
          position: q.position,
          text: q.text,
          help: q.help,
          type: q.type,
          options: q.options,
          maxScore: q.max_score,
          weight: q.weight,
          required: q.required,
          allowNA: q.allow_na,
          critical: q.critical,
          evidence: q.evidence,
          minPhotos: q.min_photos,
          visibleIf: q.visible_if,
        }),
      ),
  }));
}

export async function getScheme(ctx: ServiceContext, id: number): Promise<TSchemeDetail> {
  authorize(ctx, 'read', 'Scheme');
  const found = await listById(ctx.em, schemeListing, id, [tenantFilter(ctx, 'sc.customer_id')], 'Scheme');
  const sections = await structureOf(ctx.em, id);
  const versions = await db(ctx.em)
    .selectFrom('schemes')
    .select(['id', 'version', 'status', 'published_at'])
    .where('key', '=', found.key)
    .orderBy('version', 'desc')
    .execute();
  return {
    ...found,
    sections,
    versions: versions.map((v) => ({
      id: v.id,
      version: v.version,
      status: v.status,
      publishedAt: toDateOrNull(v.published_at),
    })),
  };
}

/** For projects and tasks: a published version of `customerId` (NOT_FOUND otherwise). */
export async function requirePublishedScheme(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; key: string; version: number; name: string }> {
  const scheme = await findOwned(em, Scheme, id, customerId, 'Scheme');
  if (scheme.status !== 'published') {
    throw new AppError(
      'BAD_REQUEST',
      `Scheme "${scheme.name}" v${scheme.version} is ${scheme.status}; choose a published version`,
      {
        schemeId: [`Scheme "${scheme.name}" v${scheme.version} is ${scheme.status}; choose a published version`],
      },
    );
  }
  return { id: scheme.id, key: scheme.key, version: scheme.version, name: scheme.name };
}

/**
 * For tasks: a scheme version's rules and structure (sections and questions in order), by id, in any
 * customer (the task that pins it is scoped by its caller). NOT_FOUND when it does not exist.
 */
export async function schemeForTasks(
  em: EntityManager,
  id: number,
): Promise<{
  id: number;
  name: string;
  version: number;
  status: string;
  passingScore: number;
  requireSignature: boolean;
  sections: TSection[];
}> {
  const scheme = await db(em)
    .selectFrom('schemes')
    .select(['id', 'name', 'version', 'status', 'passing_score', 'require_signature'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!scheme) throw new AppError('NOT_FOUND', 'Scheme not found');
  return {
    id: scheme.id,
    name: scheme.name,
    version: scheme.version,
    status: scheme.status,
    passingScore: scheme.passing_score,
    requireSignature: scheme.require_signature,
    sections: await structureOf(em, id),
  };
}

/** What answering and scoring a task read of its pinned scheme version (no status: that one can change). */
export interface SchemeRules {
  id: number;
  name: string;
  version: number;
  passingScore: number;
  requireSignature: boolean;
  sections: readonly TSection[];
}

/** Deep-freeze a cached value, so no caller can change what the next one reads. */
function frozen<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/** Kept rules of published and archived versions, per ORM (so two databases in one process never mix). */
const rulesCache = new WeakMap<object, Map<number, SchemeRules>>();
const RULES_CACHE_MAX = 500;

/**
 * For tasks (autosave, submit, review): `schemeForTasks` without the status, kept in memory per scheme
 * version once it is published. A published version never changes again (editing it makes the next
 * version; archiving changes only its status; only drafts are edited in place or deleted), so its
 * rules are read from the database once per process; a draft's are read every time. The status is read
 * before the structure, so a version published in between is not kept until the next call.
 * NOT_FOUND when it does not exist. The result is frozen.
 */
export async function schemeRulesForTasks(em: EntityManager, id: number): Promise<SchemeRules> {
  let kept = rulesCache.get(em.config);
  const hit = kept?.get(id);
  if (hit) return hit;
  const { status, ...rules } = await schemeForTasks(em, id);
  if (status === 'draft') return frozen(rules);
  if (!kept) rulesCache.set(em.config, (kept = new Map<number, SchemeRules>()));
  if (kept.size >= RULES_CACHE_MAX) kept.delete(kept.keys().next().value as number);
  kept.set(id, frozen(rules));
  return rules;
}

/** For projects: small scheme records by id (any customer: callers scope). */
export async function schemeRefs(
  em: EntityManager,
  ids: number[],
): Promise<Map<number, { id: number; key: string; name: string; version: number }>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('schemes')
    .select(['id', 'key', 'name', 'version'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, key: r.key, name: r.name, version: r.version }]));
}

/** For project lists filtered by scheme: the ids of every version of the scheme `key`. */
export async function schemeVersionIds(em: EntityManager, key: string): Promise<number[]> {
  const rows = await db(em).selectFrom('schemes').select('id').where('key', '=', key).execute();
  return rows.map((r) => r.id);
}

/** For reports: each question key's text in the newest version of `customerId`'s schemes that has it. */
export async function questionTextsByKey(
  em: EntityManager,
  customerId: number | null,
  keys: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(keys)];
  if (!unique.length) return new Map();
  const rows = await db(em)
    .selectFrom('scheme_questions as q')
    .innerJoin('schemes as s', 's.id', 'q.scheme_id')
    .select(['q.key', 'q.text'])
    .distinctOn('q.key')
    .where('q.key', '=', sql<string>`any(${unique})`)
    .$if(customerId !== null, (qb) => qb.where('s.customer_id', '=', customerId as number))
    .orderBy('q.key')
    .orderBy('s.version', 'desc')
    .orderBy('s.id', 'desc')
    .execute();
  return new Map(rows.map((r) => [r.key, r.text]));
}

/* ------------------------------------------------------------------ structure */

function bad(message: string, field = 'sections'): AppError {
  return new AppError('BAD_REQUEST', message, { [field]: [message] });
}

const SCORED = new Set(['yesno', 'score', 'choice', 'number']);

/** Give new questions keys and check the structure's own rules (keys, options, visibility). */
function normalizeStructure(sections: SectionInput[]): SectionInput[] {
  const seen = new Set<string>();
  // Questions are numbered across the scheme, as the editor and preview show them.
  let number = 0;
  return sections.map((section, si) => ({
    ...section,
    questions: section.questions.map((question) => {
      number += 1;
      const where = `Question ${number} (section ${si + 1})`;
      const key = question.key ?? `q_${crypto.randomBytes(5).toString('hex')}`;
      if (seen.has(key)) throw bad(`${where}: the key "${key}" is used twice`);
      if (question.visibleIf) {
        if (!seen.has(question.visibleIf.questionKey)) {
          throw bad(
            `${where}: "visible if" must refer to an earlier question's key (not "${question.visibleIf.questionKey}")`,
          );
        }
      }
      seen.add(key);
      if (question.type === 'choice') {
        if (question.options.length < 2) throw bad(`${where}: a choice question needs at least 2 options`);
        const values = new Set(question.options.map((o) => o.value));
        if (values.size !== question.options.length) throw bad(`${where}: option values must be different`);
        if (question.options.some((o) => o.score > question.maxScore))
          throw bad(`${where}: an option scores more than the question's max score`);
      } else if (question.options.length) {
        throw bad(`${where}: only choice questions have options`);
      }
      if (!SCORED.has(question.type) && question.critical) throw bad(`${where}: only scored questions can be critical`);
      if (question.evidence === 'none' && question.minPhotos > 0)
        throw bad(`${where}: photos are required only with an evidence rule`);
      return { ...question, key };
    }),
  }));
}

/** What publishing needs beyond the structure's own rules. */
function assertPublishable(sections: TSection[]): void {
  if (!sections.length) throw bad('A scheme needs at least one section before it can be published');
  const empty = sections.find((s) => !s.questions.length);
  if (empty) throw bad(`Section "${empty.title}" has no questions`);
  const scored = sections
    .flatMap((s) => s.questions)
    .filter((q) => SCORED.has(q.type) && q.maxScore > 0 && q.weight > 0);
  if (!scored.length)
    throw bad('A scheme needs at least one scored question (with a max score and a weight) before it can be published');
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
  fields: Pick<Scheme, 'key' | 'version' | 'name' | 'description' | 'passingScore' | 'requireSignature'> & {
    customer: number;
  },
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
  return {
    name: s.name,
    description: s.description,
    passingScore: s.passingScore,
    requireSignature: s.requireSignature,
    status: s.status,
    version: s.version,
  };
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
    recordAudit(tx, {
      action: 'create',
      entityType: 'Scheme',
      entityId: scheme.id,
      customerId,
      changes: { ...snapshot(scheme), ...structureSize(sections) },
    });
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
    await lockRecord(tx, Scheme, input.id);
    const scheme = await loadForWrite(tx, records, input.id, 'update');
    assertCurrent(scheme, input.lockVersion, 'Scheme', 'lockVersion');
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
      // The sections are other rows: touch the scheme so its lockVersion moves with them too.
      if (sections) scheme.updatedAt = new Date();
      await tx.em.flush();
      if (sections) await writeStructure(tx.em, scheme, sections);
      recordUpdate(tx, { entityType: 'Scheme', entityId: scheme.id, customerId }, before, snapshot(scheme), {
        ...(sections ? { sections: { to: sections.length, questions: structureSize(sections).questions } } : {}),
      });
      return scheme.id;
    }
    if (scheme.status === 'archived')
      throw new AppError('CONFLICT', `Version ${scheme.version} is archived; restore it before editing`);
    if (!scheme.isLatest) {
      const latest = await tx.em.findOneOrFail(Scheme, { key: scheme.key, isLatest: true });
      throw new AppError(
        'CONFLICT',
        `Version ${scheme.version} is not the latest; edit version ${latest.version} instead`,
      );
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
    if (scheme.status !== 'draft')
      throw new AppError('CONFLICT', `Version ${scheme.version} is already ${scheme.status}`);
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
      throw new AppError(
        'CONFLICT',
        `Version ${scheme.version} is ${scheme.status} and is kept so tasks keep their questions; archive it instead`,
      );
    }
    // Its sections and questions go with it (ON DELETE CASCADE); what else points at it refuses.
    await deleteOrExplain(tx.em, Scheme, id, { what: `Scheme "${scheme.name}" v${scheme.version}` });
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
