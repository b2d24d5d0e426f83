// Structural edits of a scheme draft as one pure reducer: add, change, move and remove sections and
// questions. useSchemeDraft applies them to the form; the form paths each edit touches clear their
// server errors.
import type { TQuestionType } from '../../../../shared/schemas/schemes.ts';
import { type QuestionDraft, type SectionDraft, uid } from './scheme-draft.ts';

/** One change to the sections of a draft; `section` and `question` are indexes. */
export type SchemeEdit =
  | { type: 'addSection'; section: SectionDraft }
  | { type: 'updateSection'; section: number; patch: Partial<Pick<SectionDraft, 'title' | 'weight'>> }
  | { type: 'moveSection'; section: number; delta: -1 | 1 }
  | { type: 'removeSection'; section: number }
  | { type: 'addQuestion'; section: number; question: QuestionDraft }
  | { type: 'updateQuestion'; section: number; question: number; patch: Partial<QuestionDraft>; touched: string[] }
  | { type: 'moveQuestion'; section: number; question: number; delta: -1 | 1 }
  | { type: 'removeQuestion'; section: number; question: number }
  /** A drag and drop: the sections in their new order, questions moved within or across them. */
  | { type: 'reorder'; sections: SectionDraft[] };

/** A new question key; kept across versions by the server, so visibleIf can point at new questions too. */
export function newQuestionKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().slice(0, 8)
      : Math.random().toString(36).slice(2, 10);
  return `q-${random}`;
}

export function newQuestion(type: TQuestionType = 'yesno'): QuestionDraft {
  return {
    uid: uid('q'),
    key: newQuestionKey(),
    text: '',
    help: '',
    type,
    options: [],
    maxScore: 1,
    weight: 1,
    required: true,
    allowNA: false,
    critical: false,
    evidence: 'none',
    minPhotos: 0,
    visibleIf: null,
  };
}

export function newSection(): SectionDraft {
  return { uid: uid('s'), title: '', weight: 1, questions: [] };
}

/** Move item `index` by `delta` (-1 up, +1 down); out-of-range moves leave the list unchanged. */
export function move<T>(list: readonly T[], index: number, delta: number): T[] {
  const target = index + delta;
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(target, 0, item);
  return next;
}

/** Move a question to the neighbouring section (to its start going down, its end going up). */
export function moveQuestionAcross(
  sections: readonly SectionDraft[],
  sectionIndex: number,
  questionIndex: number,
  delta: -1 | 1,
): SectionDraft[] {
  const target = sectionIndex + delta;
  if (target < 0 || target >= sections.length) return [...sections];
  const question = sections[sectionIndex].questions[questionIndex];
  if (!question) return [...sections];
  return sections.map((s, i) => {
    if (i === sectionIndex) return { ...s, questions: s.questions.filter((_, j) => j !== questionIndex) };
    if (i === target) return { ...s, questions: delta === 1 ? [question, ...s.questions] : [...s.questions, question] };
    return s;
  });
}

/**
 * Move the question `uid` to section `toSection` (a uid) at `index` (its end when past it); the
 * sections are unchanged when either is not found.
 */
export function moveQuestionTo(
  sections: readonly SectionDraft[],
  uid: string,
  toSection: string,
  index: number,
): SectionDraft[] {
  const question = sections.flatMap((s) => s.questions).find((q) => q.uid === uid);
  if (!question || !sections.some((s) => s.uid === toSection)) return [...sections];
  return sections.map((s) => {
    const rest = s.questions.filter((q) => q.uid !== uid);
    if (s.uid !== toSection) return rest.length === s.questions.length ? s : { ...s, questions: rest };
    const at = Math.max(0, Math.min(index, rest.length));
    return { ...s, questions: [...rest.slice(0, at), question, ...rest.slice(at)] };
  });
}

/** Move a question one place; past the first or last place of its section, into the neighbouring one. */
export function moveQuestion(
  sections: readonly SectionDraft[],
  sectionIndex: number,
  questionIndex: number,
  delta: -1 | 1,
): SectionDraft[] {
  const last = sections[sectionIndex].questions.length - 1;
  if ((delta === -1 && questionIndex === 0) || (delta === 1 && questionIndex === last)) {
    return moveQuestionAcross(sections, sectionIndex, questionIndex, delta);
  }
  return sections.map((s, i) =>
    i === sectionIndex ? { ...s, questions: move(s.questions, questionIndex, delta) } : s,
  );
}

const withSection = (sections: readonly SectionDraft[], index: number, change: (s: SectionDraft) => SectionDraft) =>
  sections.map((s, i) => (i === index ? change(s) : s));

/** The sections after `edit`. */
export function editSections(sections: readonly SectionDraft[], edit: SchemeEdit): SectionDraft[] {
  switch (edit.type) {
    case 'addSection':
      return [...sections, edit.section];
    case 'updateSection':
      return withSection(sections, edit.section, (s) => ({ ...s, ...edit.patch }));
    case 'moveSection':
      return move(sections, edit.section, edit.delta);
    case 'removeSection':
      return sections.filter((_, i) => i !== edit.section);
    case 'addQuestion':
      return withSection(sections, edit.section, (s) => ({ ...s, questions: [...s.questions, edit.question] }));
    case 'updateQuestion':
      return withSection(sections, edit.section, (s) => ({
        ...s,
        questions: s.questions.map((q, j) => (j === edit.question ? { ...q, ...edit.patch } : q)),
      }));
    case 'moveQuestion':
      return moveQuestion(sections, edit.section, edit.question, edit.delta);
    case 'removeQuestion':
      return withSection(sections, edit.section, (s) => ({
        ...s,
        questions: s.questions.filter((_, j) => j !== edit.question),
      }));
    case 'reorder':
      return edit.sections;
  }
}

/** Form paths whose (server) errors an edit makes stale. */
export function touchedBy(edit: SchemeEdit): string[] {
  switch (edit.type) {
    case 'updateSection':
      return Object.keys(edit.patch).map((key) => `sections.${edit.section}.${key}`);
    case 'addQuestion':
      return [`sections.${edit.section}.questions`];
    case 'updateQuestion':
      return edit.touched;
    default:
      return ['sections'];
  }
}
