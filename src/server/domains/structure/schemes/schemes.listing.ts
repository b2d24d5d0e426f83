// Scheme versions as lists and pages read them: the listing (section and question counts), the views
// (latest, latest published, all), list / byId (with the structure and sibling versions) / CSV iteration.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type {
  TListSchemesInput,
  TQuestion,
  TScheme,
  TSchemeDetail,
  TSection,
} from '../../../../shared/schemas/schemes.ts';
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
import { tenantFilter } from '../../../lib/scope.ts';

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
    input.updatedSince !== undefined && ((eb) => eb('sc.updated_at', '>=', input.updatedSince as Date)),
    equalsFilter('sc.status', input.status),
    input.key ? equalsFilter('sc.key', input.key) : undefined,
    views[input.view],
  ];
}

/** One page of the caller's customer's scheme versions; `iterateSchemes`: every match (CSV). Throw FORBIDDEN. */
export const { list: listSchemes, iterate: iterateSchemes } = listingReads(
  'Scheme',
  schemeListing,
  listFilters,
  'name',
);

/** The sections of a scheme version in order, each with its questions in order. */
export async function structureOf(em: EntityManager, schemeId: number): Promise<TSection[]> {
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

/**
 * A scheme version of the caller's customer, with its sections, questions and sibling versions. Throws FORBIDDEN,
 * NOT_FOUND.
 */
export async function getScheme(ctx: ServiceContext, input: { id: number }): Promise<TSchemeDetail> {
  authorize(ctx, 'read', 'Scheme');
  const { id } = input;
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
