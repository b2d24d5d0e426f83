// The scheme editor's working copy: sections and questions with client ids for React keys and focus,
// conversion from the server's detail and to the shared update input, and read-only questions about it
// (shares, counts). The structural edits (add, remove, move) are in scheme-edits.ts.

import type {
  TEvidenceRule,
  TQuestionOption,
  TQuestionType,
  TSchemeDetail,
  TVisibleIf,
} from '../../../../shared/schemas/schemes.ts';
import type { ScoreAnswer } from '../../../../shared/workflow/score.ts';

export interface QuestionDraft {
  uid: string;
  key: string;
  text: string;
  help: string;
  type: TQuestionType;
  options: TQuestionOption[];
  maxScore: number | null;
  weight: number | null;
  required: boolean;
  allowNA: boolean;
  critical: boolean;
  evidence: TEvidenceRule;
  minPhotos: number | null;
  visibleIf: TVisibleIf | null;
}

export interface SectionDraft {
  uid: string;
  title: string;
  weight: number | null;
  questions: QuestionDraft[];
}

/** A type alias (not an interface) so it fits the form hook's Record<string, unknown> values. */
export type SchemeDraft = {
  name: string;
  description: string;
  passingScore: number | null;
  requireSignature: boolean;
  sections: SectionDraft[];
};

let counter = 0;
/** A client-only id (React keys, focus targets). */
export function uid(prefix = 'u'): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/**
 * A condition's expected answer as a task stores it for the question it names (as
 * tasks.saveAnswers takes it): yes/no a boolean, score and number a number, choice and text a string. The
 * score compares answers to it exactly, so "yes" (what earlier editors stored) becomes true.
 */
export function typedEquals(targetType: TQuestionType | undefined, equals: TVisibleIf['equals']): TVisibleIf['equals'] {
  if (targetType === 'yesno') {
    if (typeof equals === 'boolean') return equals;
    return ['yes', 'true'].includes(String(equals).trim().toLowerCase());
  }
  if (targetType === 'score' || targetType === 'number') {
    const n = typeof equals === 'number' ? equals : Number(String(equals).trim());
    return Number.isFinite(n) && String(equals).trim() !== '' ? n : equals;
  }
  return typeof equals === 'string' ? equals : String(equals);
}

/**
 * What the preview's control holds (a radio's value, a typed number) as the answer a task stores, or
 * undefined when not answered; "na" is N/A where the question allows it.
 */
export function previewAnswer(
  q: Pick<QuestionDraft, 'key' | 'type' | 'allowNA'>,
  raw: string | undefined,
): ScoreAnswer | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'na' && q.allowNA && q.type !== 'choice' && q.type !== 'text')
    return { questionKey: q.key, value: null, na: true };
  if (q.type === 'yesno') return { questionKey: q.key, value: raw === 'yes', na: false };
  if (q.type === 'score' || q.type === 'number') return { questionKey: q.key, value: Number(raw), na: false };
  return { questionKey: q.key, value: raw, na: false };
}

export function fromDetail(detail: TSchemeDetail): SchemeDraft {
  const types = new Map(detail.sections.flatMap((s) => s.questions.map((q) => [q.key, q.type] as const)));
  return {
    name: detail.name,
    description: detail.description ?? '',
    passingScore: detail.passingScore,
    requireSignature: detail.requireSignature,
    sections: [...detail.sections]
      .sort((a, b) => a.position - b.position)
      .map((s) => ({
        uid: uid('s'),
        title: s.title,
        weight: s.weight,
        questions: [...s.questions]
          .sort((a, b) => a.position - b.position)
          .map((q) => ({
            uid: uid('q'),
            key: q.key,
            text: q.text,
            help: q.help ?? '',
            type: q.type,
            options: q.options.map((o) => ({ ...o })),
            maxScore: q.maxScore,
            weight: q.weight,
            required: q.required,
            allowNA: q.allowNA,
            critical: q.critical,
            evidence: q.evidence,
            minPhotos: q.minPhotos,
            visibleIf: q.visibleIf
              ? { ...q.visibleIf, equals: typedEquals(types.get(q.visibleIf.questionKey), q.visibleIf.equals) }
              : null,
          })),
      })),
  };
}

/** The draft as `schemes.update` input (the server validates it with the same schema). */
export function toUpdateInput(id: number, draft: SchemeDraft) {
  return {
    id,
    name: draft.name,
    description: draft.description,
    passingScore: draft.passingScore,
    requireSignature: draft.requireSignature,
    sections: draft.sections.map((s) => ({
      title: s.title,
      weight: s.weight,
      questions: s.questions.map(({ uid: _uid, help, options, type, ...q }) => ({
        ...q,
        type,
        help,
        // Options only mean something for choice questions.
        options: type === 'choice' ? options : [],
      })),
    })),
  };
}

/** Whether two drafts hold the same scheme (client ids ignored). */
export function sameDraft(a: SchemeDraft, b: SchemeDraft): boolean {
  return JSON.stringify(toUpdateInput(0, a)) === JSON.stringify(toUpdateInput(0, b));
}

/** Share of each section in the total score, in percent (weights over their sum). */
export function sectionShares(sections: readonly SectionDraft[]): number[] {
  const total = sections.reduce((sum, s) => sum + (s.weight ?? 0), 0);
  return sections.map((s) => (total > 0 ? Math.round(((s.weight ?? 0) / total) * 1000) / 10 : 0));
}

/** Questions that come before `key` in scheme order (candidates for its visibleIf). */
export function earlierQuestions(sections: readonly SectionDraft[], key: string): QuestionDraft[] {
  const all = sections.flatMap((s) => s.questions);
  const index = all.findIndex((q) => q.key === key);
  return index === -1 ? all : all.slice(0, index);
}

/**
 * The number of each question (by uid): one sequence across the whole scheme, continuing over sections
 * ("1.", "2.", …). The editor, the preview and the condition picker all show these numbers.
 */
export function questionNumbers(sections: readonly SectionDraft[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const section of sections) for (const question of section.questions) numbers.set(question.uid, numbers.size + 1);
  return numbers;
}

/** Question count of the draft. */
export function questionCount(draft: SchemeDraft): number {
  return draft.sections.reduce((sum, s) => sum + s.questions.length, 0);
}
