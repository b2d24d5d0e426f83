// A scheme version's structure: its sections and questions, the rules they follow (keys, options,
// visibility, what publishing needs), and how a version's structure is written or copied to the next.
import crypto from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { ErrorKey, ErrorValues } from '../../../../shared/errors/messages.ts';
import type { TSection, ZSectionInput } from '../../../../shared/schemas/schemes.ts';
import { AppError } from '../../../lib/app-error.ts';
import { Scheme, SchemeQuestion, SchemeSection } from './scheme.entity.ts';

export type SectionInput = z.output<typeof ZSectionInput>;

/** BAD_REQUEST on the structure (`sections`). */
function bad(key: ErrorKey, values: ErrorValues = {}): AppError {
  return new AppError('BAD_REQUEST', key, values, { sections: key });
}

const SCORED = new Set(['yesno', 'score', 'choice', 'number']);

/** Give new questions keys and check the structure's own rules (keys, options, visibility). */
export function normalizeStructure(sections: SectionInput[]): SectionInput[] {
  const seen = new Set<string>();
  // Questions are numbered across the scheme, as the editor and preview show them.
  let number = 0;
  return sections.map((section, si) => ({
    ...section,
    questions: section.questions.map((question) => {
      number += 1;
      const where = { question: number, section: si + 1 };
      const key = question.key ?? `q_${crypto.randomBytes(5).toString('hex')}`;
      if (seen.has(key)) throw bad('schemes.keyTwice', { ...where, key });
      if (question.visibleIf && !seen.has(question.visibleIf.questionKey))
        throw bad('schemes.visibleIfEarlier', { ...where, key: question.visibleIf.questionKey });
      seen.add(key);
      if (question.type === 'choice') {
        if (question.options.length < 2) throw bad('schemes.choiceOptions', where);
        const values = new Set(question.options.map((o) => o.value));
        if (values.size !== question.options.length) throw bad('schemes.optionValuesDiffer', where);
        if (question.options.some((o) => o.score > question.maxScore)) throw bad('schemes.optionOverMax', where);
      } else if (question.options.length) {
        throw bad('schemes.optionsOnlyForChoice', where);
      }
      if (!SCORED.has(question.type) && question.critical) throw bad('schemes.criticalOnlyScored', where);
      if (question.evidence === 'none' && question.minPhotos > 0) throw bad('schemes.photosNeedEvidence', where);
      return { ...question, key };
    }),
  }));
}

/** What publishing needs beyond the structure's own rules. */
export function assertPublishable(sections: TSection[]): void {
  if (!sections.length) throw bad('schemes.noSection');
  const empty = sections.find((s) => !s.questions.length);
  if (empty) throw bad('schemes.emptySection', { title: empty.title });
  const scored = sections
    .flatMap((s) => s.questions)
    .filter((q) => SCORED.has(q.type) && q.maxScore > 0 && q.weight > 0);
  if (!scored.length) throw bad('schemes.noScoredQuestion');
}

export async function writeStructure(em: EntityManager, scheme: Scheme, sections: SectionInput[]): Promise<void> {
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
export function structureSize(sections: SectionInput[]) {
  return { sections: sections.length, questions: sections.reduce((n, s) => n + s.questions.length, 0) };
}

/** A new latest version of a scheme, a draft, with its sections and questions. */
export async function createDraft(
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
export function asInput(sections: TSection[]): SectionInput[] {
  return sections.map((s) => ({
    title: s.title,
    weight: s.weight,
    questions: s.questions.map(({ id: _id, position: _p, ...q }) => q),
  }));
}
