import { defineEntity, p } from '@mikro-orm/core';
import {
  EVIDENCE_RULES,
  QUESTION_TYPES,
  SCHEME_STATUSES,
  type TQuestionOption,
  type TVisibleIf,
} from '../../../../shared/schemas/schemes.ts';
import { baseProperties } from '../../../db/base.entity.ts';
import { trgmIndex } from '../../../lib/trgm.ts';
import { Customer } from '../../organization/customers/customer.entity.ts';

/**
 * One version of a checklist. Versions of the same scheme share `key` (a stable id) and count up
 * from 1; at most one version per key is a draft, and `isLatest` marks the newest one.
 * A published version never changes (editing it creates the next draft), so tasks pinned to it keep their questions.
 */
export const SchemeSchema = defineEntity({
  name: 'Scheme',
  tableName: 'schemes',
  properties: {
    ...baseProperties,
    customer: () => p.manyToOne(Customer).deleteRule('restrict'),
    key: p.uuid(),
    version: p.integer().check('version >= 1'),
    /** The optimistic lock (`version` is the scheme's own version number): see recordVersion in base.entity.ts. */
    lockVersion: p.integer().version(),
    isLatest: p.boolean().default(true),
    name: p.string().length(200),
    description: p.text().nullable(),
    status: p.enum([...SCHEME_STATUSES]).default('draft'),
    passingScore: p.integer().default(80).check('passing_score >= 0 and passing_score <= 100'),
    requireSignature: p.boolean().default(false),
    publishedAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    sections: () => p.oneToMany(SchemeSection).mappedBy('scheme').orderBy({ position: 'asc' }),
  },
  uniques: [
    { name: 'schemes_key_version_unique', properties: ['key', 'version'] },
    { name: 'schemes_one_draft_per_key', properties: ['key'], where: { status: 'draft' } },
  ],
  indexes: [
    { properties: ['customer', 'name'] },
    { properties: ['customer', 'isLatest', 'status'] },
    trgmIndex('schemes', 'name'),
  ],
});

export class Scheme extends SchemeSchema.class {}
SchemeSchema.setClass(Scheme);

/** A titled, weighted group of questions inside one scheme version. */
export const SchemeSectionSchema = defineEntity({
  name: 'SchemeSection',
  tableName: 'scheme_sections',
  properties: {
    ...baseProperties,
    scheme: () => p.manyToOne(Scheme).deleteRule('cascade').index(),
    title: p.string().length(200),
    weight: p.decimal('number').precision(6).scale(2).default(1).check('weight >= 0'),
    position: p.integer(),
    questions: () => p.oneToMany(SchemeQuestion).mappedBy('section').orderBy({ position: 'asc' }),
  },
});

export class SchemeSection extends SchemeSectionSchema.class {}
SchemeSectionSchema.setClass(SchemeSection);

/** A question of one scheme version; `key` stays the same across versions of the scheme. */
export const SchemeQuestionSchema = defineEntity({
  name: 'SchemeQuestion',
  tableName: 'scheme_questions',
  properties: {
    ...baseProperties,
    scheme: () => p.manyToOne(Scheme).deleteRule('cascade'),
    section: () => p.manyToOne(SchemeSection).deleteRule('cascade').index(),
    key: p.string().length(64),
    position: p.integer(),
    text: p.string().length(500),
    help: p.text().nullable(),
    type: p.enum([...QUESTION_TYPES]),
    options: p.json<TQuestionOption[]>(),
    maxScore: p.decimal('number').precision(8).scale(2).default(1).check('max_score >= 0'),
    weight: p.decimal('number').precision(6).scale(2).default(1).check('weight >= 0'),
    required: p.boolean().default(true),
    allowNa: p.boolean().default(false),
    critical: p.boolean().default(false),
    evidence: p.enum([...EVIDENCE_RULES]).default('none'),
    minPhotos: p.integer().default(0).check('min_photos >= 0 and min_photos <= 20'),
    visibleIf: p.json<TVisibleIf>().nullable(),
  },
  uniques: [{ name: 'scheme_questions_scheme_key_unique', properties: ['scheme', 'key'] }],
});

export class SchemeQuestion extends SchemeQuestionSchema.class {}
SchemeQuestionSchema.setClass(SchemeQuestion);
