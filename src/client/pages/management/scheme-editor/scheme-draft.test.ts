import { describe, expect, it } from 'vitest';
import { type TSchemeDetail, ZUpdateSchemeInput } from '../../../../shared/schemas/schemes.ts';
import { isQuestionVisible, type ScoreAnswer } from '../../../../shared/workflow/score.ts';
import {
  earlierQuestions,
  fromDetail,
  previewAnswer,
  questionNumbers,
  sameDraft,
  sectionShares,
  toUpdateInput,
  typedEquals,
} from './scheme-draft.ts';
import {
  editSections,
  move,
  moveQuestionAcross,
  moveQuestionTo,
  newQuestion,
  newSection,
  touchedBy,
} from './scheme-edits.ts';

const now = new Date('2026-01-01T00:00:00Z');
const question = (id: number, key: string, position: number, text: string) => ({
  id,
  key,
  position,
  text,
  help: null,
  type: 'yesno' as const,
  options: [],
  maxScore: 1,
  weight: 1,
  required: true,
  allowNA: false,
  critical: false,
  evidence: 'none' as const,
  minPhotos: 0,
  visibleIf: null,
});
const detail: TSchemeDetail = {
  id: 7,
  lockVersion: 1,
  customerId: 1,
  key: '00000000-0000-4000-8000-000000000000',
  version: 2,
  isLatest: true,
  name: 'Store audit',
  description: null,
  status: 'published',
  passingScore: 80,
  requireSignature: false,
  publishedAt: now,
  archivedAt: null,
  sectionCount: 2,
  questionCount: 3,
  createdAt: now,
  updatedAt: now,
  versions: [{ id: 7, version: 2, status: 'published', publishedAt: now }],
  sections: [
    { id: 2, title: 'Back', weight: 1, position: 1, questions: [question(3, 'q-c', 0, 'Cold room')] },
    {
      id: 1,
      title: 'Front',
      weight: 3,
      position: 0,
      questions: [question(2, 'q-b', 1, 'Prices'), question(1, 'q-a', 0, 'Entrance')],
    },
  ],
};

describe('scheme editor draft', () => {
  it('orders sections and questions by position and round-trips to a valid update input', () => {
    const draft = fromDetail(detail);
    expect(draft.sections.map((s) => s.title)).toEqual(['Front', 'Back']);
    expect(draft.sections[0].questions.map((q) => q.key)).toEqual(['q-a', 'q-b']);
    const input = toUpdateInput(detail.id, draft);
    const parsed = ZUpdateSchemeInput.parse(input);
    expect(parsed.sections?.[0].questions[0]).toMatchObject({ key: 'q-a', text: 'Entrance', help: null });
    expect(sameDraft(draft, fromDetail(detail))).toBe(true);
  });

  it('sends options only for choice questions and keeps question keys', () => {
    const draft = fromDetail(detail);
    draft.sections[0].questions[0].options = [{ value: 'x', label: 'X', score: 1 }];
    expect(toUpdateInput(1, draft).sections[0].questions[0].options).toEqual([]);
    draft.sections[0].questions[0].type = 'choice';
    expect(toUpdateInput(1, draft).sections[0].questions[0].options).toHaveLength(1);
  });

  it('new questions carry a key the shared schema accepts', () => {
    const section = { ...newSection(), title: 'New', questions: [{ ...newQuestion(), text: 'Is it clean?' }] };
    const draft = { ...fromDetail(detail), sections: [section] };
    expect(ZUpdateSchemeInput.safeParse(toUpdateInput(1, draft)).success).toBe(true);
  });

  it('moves items within bounds only', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });

  it('moves a question across sections, to the end going up and the start going down', () => {
    const draft = fromDetail(detail);
    const down = moveQuestionAcross(draft.sections, 0, 1, 1);
    expect(down.map((s) => s.questions.map((q) => q.key))).toEqual([['q-a'], ['q-b', 'q-c']]);
    const up = moveQuestionAcross(down, 1, 0, -1);
    expect(up.map((s) => s.questions.map((q) => q.key))).toEqual([['q-a', 'q-b'], ['q-c']]);
  });

  it('computes each section’s share of the score and the questions before one', () => {
    const draft = fromDetail(detail);
    expect(sectionShares(draft.sections)).toEqual([75, 25]);
    expect(earlierQuestions(draft.sections, 'q-c').map((q) => q.key)).toEqual(['q-a', 'q-b']);
  });

  it('applies structural edits without touching the other sections', () => {
    const { sections } = fromDetail(detail);
    const keys = (list: typeof sections) => list.map((s) => s.questions.map((q) => q.key));
    expect(keys(editSections(sections, { type: 'moveQuestion', section: 0, question: 0, delta: 1 }))).toEqual([
      ['q-b', 'q-a'],
      ['q-c'],
    ]);
    expect(keys(editSections(sections, { type: 'moveQuestion', section: 0, question: 1, delta: 1 }))).toEqual([
      ['q-a'],
      ['q-b', 'q-c'],
    ]);
    expect(keys(editSections(sections, { type: 'moveQuestion', section: 1, question: 0, delta: -1 }))).toEqual([
      ['q-a', 'q-b', 'q-c'],
      [],
    ]);
    expect(keys(editSections(sections, { type: 'removeQuestion', section: 0, question: 0 }))).toEqual([
      ['q-b'],
      ['q-c'],
    ]);
    expect(editSections(sections, { type: 'moveSection', section: 1, delta: -1 }).map((s) => s.title)).toEqual([
      'Back',
      'Front',
    ]);
    const renamed = editSections(sections, {
      type: 'updateQuestion',
      section: 1,
      question: 0,
      patch: { text: 'Freezer' },
      touched: [],
    });
    expect(renamed[1].questions[0].text).toBe('Freezer');
    expect(renamed[0]).toBe(sections[0]);
    const added = editSections(sections, { type: 'addQuestion', section: 1, question: newQuestion() });
    expect(added[1].questions).toHaveLength(2);
    expect(editSections(sections, { type: 'removeSection', section: 0 }).map((s) => s.title)).toEqual(['Back']);
  });

  it('keeps a condition’s value as the task stores the answer (yes/no a boolean, numbers as numbers)', () => {
    expect(typedEquals('yesno', 'yes')).toBe(true);
    expect(typedEquals('yesno', 'no')).toBe(false);
    expect(typedEquals('yesno', false)).toBe(false);
    expect(typedEquals('score', '3')).toBe(3);
    expect(typedEquals('number', '')).toBe('');
    expect(typedEquals('choice', 'dirty')).toBe('dirty');
    const [b, a] = detail.sections[1].questions;
    const legacy = {
      ...detail,
      sections: [{ ...detail.sections[1], questions: [{ ...b, visibleIf: { questionKey: 'q-a', equals: 'yes' } }, a] }],
    };
    expect(fromDetail(legacy).sections[0].questions[1].visibleIf).toEqual({ questionKey: 'q-a', equals: true });
  });

  it('shows a question in the preview by the score’s rule, chained, from the controls’ values', () => {
    const questions = [
      { key: 'gate', type: 'yesno' as const, allowNA: true, visibleIf: null },
      { key: 'child', type: 'yesno' as const, allowNA: false, visibleIf: { questionKey: 'gate', equals: true } },
      { key: 'grand', type: 'score' as const, allowNA: false, visibleIf: { questionKey: 'child', equals: false } },
    ];
    const visible = (raw: Record<string, string>) => {
      const answers = new Map<string, ScoreAnswer>();
      for (const q of questions) {
        const a = previewAnswer(q, raw[q.key]);
        if (a) answers.set(q.key, a);
      }
      const byKey = new Map(questions.map((q) => [q.key, q]));
      return questions.filter((q) => isQuestionVisible(q, answers, byKey)).map((q) => q.key);
    };
    expect(visible({})).toEqual(['gate']);
    expect(visible({ gate: 'yes' })).toEqual(['gate', 'child']);
    expect(visible({ gate: 'yes', child: 'no' })).toEqual(['gate', 'child', 'grand']);
    // The gate closed again: the grandchild hides with its parent, whatever was answered below.
    expect(visible({ gate: 'no', child: 'no' })).toEqual(['gate']);
    expect(visible({ gate: 'na' })).toEqual(['gate']);
  });

  it('numbers questions in one sequence across sections', () => {
    const { sections } = fromDetail(detail);
    const numbers = questionNumbers(sections);
    expect(sections.flatMap((s) => s.questions.map((q) => numbers.get(q.uid)))).toEqual([1, 2, 3]);
  });

  it('moves a dragged question within and across sections', () => {
    const { sections } = fromDetail(detail);
    const keys = (list: typeof sections) => list.map((s) => s.questions.map((q) => q.key));
    const [a, b] = sections[0].questions;
    expect(keys(moveQuestionTo(sections, b.uid, sections[0].uid, 0))).toEqual([['q-b', 'q-a'], ['q-c']]);
    expect(keys(moveQuestionTo(sections, a.uid, sections[1].uid, 1))).toEqual([['q-b'], ['q-c', 'q-a']]);
    expect(keys(moveQuestionTo(sections, a.uid, sections[1].uid, 99))).toEqual([['q-b'], ['q-c', 'q-a']]);
    expect(keys(moveQuestionTo(sections, 'nope', sections[1].uid, 0))).toEqual([['q-a', 'q-b'], ['q-c']]);
    expect(editSections(sections, { type: 'reorder', sections: [...sections].reverse() }).map((s) => s.title)).toEqual([
      'Back',
      'Front',
    ]);
  });

  it('clears the server messages of the paths an edit changes', () => {
    expect(touchedBy({ type: 'updateSection', section: 1, patch: { weight: 2 } })).toEqual(['sections.1.weight']);
    expect(touchedBy({ type: 'addQuestion', section: 0, question: newQuestion() })).toEqual(['sections.0.questions']);
    expect(touchedBy({ type: 'removeQuestion', section: 0, question: 0 })).toEqual(['sections']);
    expect(
      touchedBy({
        type: 'updateQuestion',
        section: 0,
        question: 0,
        patch: {},
        touched: ['sections.0.questions.0.text'],
      }),
    ).toEqual(['sections.0.questions.0.text']);
  });
});
