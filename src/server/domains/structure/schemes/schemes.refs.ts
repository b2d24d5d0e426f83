// What workflow looks up of schemes: a published version to pin, a version's rules, refs, question texts.
// These never authorize: callers have authorized already.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { TSection } from '../../../../shared/schemas/schemes.ts';
import { db } from '../../../db/kysely.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { findOwned } from '../../../lib/scope.ts';
import { Scheme } from './scheme.entity.ts';
import { structureOf } from './schemes.listing.ts';

/** For projects and tasks: a published version of `customerId` (NOT_FOUND otherwise). */
export async function requirePublishedScheme(
  em: EntityManager,
  id: number,
  customerId: number,
): Promise<{ id: number; key: string; version: number; name: string }> {
  const scheme = await findOwned(em, Scheme, id, customerId, 'Scheme');
  if (scheme.status !== 'published') {
    const key = scheme.status === 'draft' ? 'schemes.draftNotPublished' : 'schemes.archivedNotPublished';
    throw new AppError('BAD_REQUEST', key, { name: scheme.name, version: scheme.version }, { schemeId: key });
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
  if (!scheme) throw notFound('Scheme');
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

/** The text of each question asked for, by its scheme version and key; keyed `${schemeId}:${key}`. */
export async function questionTexts(
  em: EntityManager,
  pairs: readonly { schemeId: number; key: string }[],
): Promise<Map<string, string>> {
  if (!pairs.length) return new Map();
  const rows = await db(em)
    .selectFrom('scheme_questions')
    .select(['scheme_id', 'key', 'text'])
    .where('scheme_id', 'in', [...new Set(pairs.map((p) => p.schemeId))])
    .where('key', 'in', [...new Set(pairs.map((p) => p.key))])
    .execute();
  return new Map(rows.map((r) => [`${r.scheme_id}:${r.key}`, r.text]));
}
