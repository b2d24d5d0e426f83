// Schemes: versioned checklists of scored questions grouped in weighted sections.
// Procedures: schemes.list | byId | create | update | publish | archive | restore | delete.
// admin, businessadmin (and superadmin) manage; every other business role reads; `client` is refused.
//
// Versions: all versions of one scheme share `key`; `version` counts from 1. A draft is edited in
// place. `publish` freezes a draft. `update` on a published version creates the next version as a
// draft (copying what is not given) and returns it — the published one never changes, so tasks pinned
// to it keep their questions. Question `key`s stay the same across versions (send them back when
// editing; new questions get one generated). Only one draft per scheme at a time; only drafts can be
// deleted; published versions are archived (and restored) instead.
import { z } from 'zod';
import { msg } from '../errors/validation.ts';
import { customerFilter, zName, zOptionalText } from './business.ts';
import { listInput, listOutput, ZExpectedVersion, ZId, ZInputDate, ZQuestionKey, ZVersion } from './common.ts';

export const SCHEME_STATUSES = ['draft', 'published', 'archived'] as const;
export type TSchemeStatus = (typeof SCHEME_STATUSES)[number];
export const QUESTION_TYPES = ['yesno', 'score', 'choice', 'number', 'text', 'photo', 'signature'] as const;
export type TQuestionType = (typeof QUESTION_TYPES)[number];
export const EVIDENCE_RULES = ['none', 'on_fail', 'always'] as const;
export type TEvidenceRule = (typeof EVIDENCE_RULES)[number];

/** A choice of a `choice` question with the score it earns. */
export const ZQuestionOption = z.object({
  value: z.string().trim().min(1, msg('schemes.optionValueRequired')).max(60),
  label: z.string().trim().min(1, msg('schemes.optionLabelRequired')).max(200),
  score: z.number().min(0).max(1000),
});
export type TQuestionOption = z.infer<typeof ZQuestionOption>;

/** Show the question only when the answer to another (earlier) question equals a value. */
export const ZVisibleIf = z.object({
  questionKey: z.string().trim().min(1).max(64),
  equals: z.union([z.string().max(200), z.number(), z.boolean()]),
});
export type TVisibleIf = z.infer<typeof ZVisibleIf>;

export const ZQuestionInput = z.object({
  /** Stable across versions; generated when missing. */
  key: ZQuestionKey.optional(),
  text: z.string().trim().min(1, msg('schemes.questionTextRequired')).max(500),
  help: zOptionalText(2000),
  type: z.enum(QUESTION_TYPES),
  options: z.array(ZQuestionOption).max(20).default([]),
  maxScore: z.number().min(0).max(1000).default(1),
  weight: z.number().min(0).max(100).default(1),
  required: z.boolean().default(true),
  allowNA: z.boolean().default(false),
  critical: z.boolean().default(false),
  evidence: z.enum(EVIDENCE_RULES).default('none'),
  minPhotos: z.number().int().min(0).max(20).default(0),
  visibleIf: ZVisibleIf.nullable().default(null),
});
export type TQuestionInput = z.input<typeof ZQuestionInput>;

export const ZSectionInput = z.object({
  title: z.string().trim().min(1, msg('schemes.sectionTitleRequired')).max(200),
  weight: z.number().min(0).max(100).default(1),
  questions: z.array(ZQuestionInput).max(200).default([]),
});
export type TSectionInput = z.input<typeof ZSectionInput>;

export const ZQuestion = z.object({
  id: z.number(),
  key: z.string(),
  position: z.number(),
  text: z.string(),
  help: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(ZQuestionOption),
  maxScore: z.number(),
  weight: z.number(),
  required: z.boolean(),
  allowNA: z.boolean(),
  critical: z.boolean(),
  evidence: z.enum(EVIDENCE_RULES),
  minPhotos: z.number(),
  visibleIf: ZVisibleIf.nullable(),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZSection = z.object({
  id: z.number(),
  title: z.string(),
  weight: z.number(),
  position: z.number(),
  questions: z.array(ZQuestion),
});
export type TSection = z.infer<typeof ZSection>;

export const ZScheme = z.object({
  id: z.number(),
  lockVersion: ZVersion,
  customerId: z.number(),
  key: z.string(),
  version: z.number(),
  /** The newest version of its scheme (draft or not). */
  isLatest: z.boolean(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(SCHEME_STATUSES),
  passingScore: z.number(),
  requireSignature: z.boolean(),
  publishedAt: z.date().nullable(),
  archivedAt: z.date().nullable(),
  sectionCount: z.number(),
  questionCount: z.number(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type TScheme = z.infer<typeof ZScheme>;

export const ZSchemeDetail = ZScheme.extend({
  sections: z.array(ZSection),
  /** Every version of this scheme, newest first. */
  versions: z.array(
    z.object({
      id: z.number(),
      version: z.number(),
      status: z.enum(SCHEME_STATUSES),
      publishedAt: z.date().nullable(),
    }),
  ),
});
export type TSchemeDetail = z.infer<typeof ZSchemeDetail>;

/**
 * Which versions a list shows: `latest` (default) one row per scheme, its newest version;
 * `latestPublished` one row per scheme, its newest published version (what a project can use);
 * `all` every version (combine with `key` to list one scheme's history).
 */
export const SCHEME_VIEWS = ['latest', 'latestPublished', 'all'] as const;

export const SCHEME_SORT_KEYS = ['name', 'version', 'status', 'publishedAt', 'createdAt', 'updatedAt'] as const;
/** q matches the name. Default sort: name asc. */
export const ZListSchemesInput = listInput(SCHEME_SORT_KEYS, {
  /** Changed at or after this instant (incremental sync of the business API). */
  updatedSince: ZInputDate.optional(),
  ...customerFilter,
  status: z.enum(SCHEME_STATUSES).optional(),
  view: z.enum(SCHEME_VIEWS).default('latest'),
  key: z.uuid().optional(),
});
export type TListSchemesInput = z.infer<typeof ZListSchemesInput>;
export const ZSchemeList = listOutput(ZScheme);

/** Creates version 1 as a draft. `customerId` is required from the superadmin and ignored for others. */
export const ZCreateSchemeInput = z.object({
  ...customerFilter,
  name: zName(),
  description: zOptionalText(4000),
  passingScore: z.number().int().min(0).max(100).default(80),
  requireSignature: z.boolean().default(false),
  sections: z.array(ZSectionInput).max(50).default([]),
});
export type TCreateSchemeInput = z.infer<typeof ZCreateSchemeInput>;

/**
 * Edit a draft in place, or — for a published version — create the next draft version with the change.
 * `sections`, when given, replaces the whole structure.
 */
export const ZUpdateSchemeInput = z.object({
  id: ZId,
  lockVersion: ZExpectedVersion,
  name: zName().optional(),
  description: zOptionalText(4000).optional(),
  passingScore: z.number().int().min(0).max(100).optional(),
  requireSignature: z.boolean().optional(),
  sections: z.array(ZSectionInput).max(50).optional(),
});
export type TUpdateSchemeInput = z.infer<typeof ZUpdateSchemeInput>;
