// The score function, rule by rule, then properties over random schemes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TQuestionType } from '../schemas/schemes.ts';
import {
  computeScore,
  isQuestionVisible,
  pointsEarned,
  roundOneDecimal,
  type ScoreAnswer,
  type ScoreQuestion,
  type ScoreScheme,
} from './score.ts';

function q(key: string, type: TQuestionType, extra: Partial<ScoreQuestion> = {}): ScoreQuestion {
  return { key, type, maxScore: 1, weight: 1, critical: false, options: [], visibleIf: null, ...extra };
}
const a = (questionKey: string, value: ScoreAnswer['value'], na = false): ScoreAnswer => ({ questionKey, value, na });
const scheme = (sections: ScoreScheme['sections'], passingScore = 80): ScoreScheme => ({ passingScore, sections });
const one = (...questions: ScoreQuestion[]) => scheme([{ title: 'S', weight: 1, questions }]);

const choice = q('c', 'choice', {
  maxScore: 3,
  options: [
    { value: 'good', score: 3 },
    { value: 'fair', score: 2 },
    { value: 'bad', score: 0 },
  ],
});

describe('points earned', () => {
  it('yesno: yes earns the max, no earns 0', () => {
    expect(pointsEarned(q('y', 'yesno', { maxScore: 4 }), true)).toBe(4);
    expect(pointsEarned(q('y', 'yesno', { maxScore: 4 }), false)).toBe(0);
  });
  it('score: the chosen value', () => {
    expect(pointsEarned(q('s', 'score', { maxScore: 5 }), 3)).toBe(3);
  });
  it("choice: the chosen option's score; an unknown option answers nothing", () => {
    expect(pointsEarned(choice, 'fair')).toBe(2);
    expect(pointsEarned(choice, 'unknown')).toBeNull();
  });
  it('number: clamped to 0..max', () => {
    const n = q('n', 'number', { maxScore: 5 });
    expect(pointsEarned(n, 7)).toBe(5);
    expect(pointsEarned(n, -2)).toBe(0);
    expect(pointsEarned(n, 2.5)).toBe(2.5);
  });
  it('a value of the wrong type answers nothing', () => {
    expect(pointsEarned(q('y', 'yesno'), 1)).toBeNull();
    expect(pointsEarned(q('s', 'score'), 'high')).toBeNull();
  });
});

describe('computeScore', () => {
  it("averages a section's questions by weight: Σ w·e/m ÷ Σ w", () => {
    const s = one(q('y', 'yesno', { weight: 1 }), q('s', 'score', { maxScore: 5, weight: 3 }));
    // (1·1 + 3·(2/5)) ÷ 4 = 0.55
    const r = computeScore(s, [a('y', true), a('s', 2)]);
    expect(r.score).toBe(55);
    expect(r.sectionScores).toEqual([{ title: 'S', weight: 1, score: 55, counted: 2 }]);
  });

  it('weights sections: 100 × Σ W·section ÷ Σ W', () => {
    const s = scheme([
      { title: 'A', weight: 1, questions: [q('a', 'yesno')] },
      { title: 'B', weight: 3, questions: [q('b', 'yesno')] },
    ]);
    expect(computeScore(s, [a('a', true), a('b', false)]).score).toBe(25);
    expect(computeScore(s, [a('a', false), a('b', true)]).score).toBe(75);
  });

  it('leaves N/A answers out of the score', () => {
    const s = one(q('y', 'yesno'), q('z', 'yesno'));
    const r = computeScore(s, [a('y', true), a('z', false, true)]);
    expect(r.score).toBe(100);
    expect(r.sectionScores[0].counted).toBe(1);
    expect(r.failedKeys).toEqual([]);
  });

  it("drops a section left all N/A; the others' shares grow", () => {
    const s = scheme([
      { title: 'A', weight: 1, questions: [q('a', 'yesno')] },
      { title: 'B', weight: 3, questions: [q('b', 'yesno')] },
    ]);
    const r = computeScore(s, [a('a', true), a('b', null, true)]);
    expect(r.score).toBe(100);
    expect(r.sectionScores).toEqual([
      { title: 'A', weight: 1, score: 100, counted: 1 },
      { title: 'B', weight: 3, score: null, counted: 0 },
    ]);
  });

  it('no counted question: score null, not passed', () => {
    const s = one(q('y', 'yesno'), q('t', 'text'));
    expect(computeScore(s, [])).toMatchObject({ score: null, passed: false });
    expect(computeScore(s, [a('y', null, true), a('t', 'fine')])).toMatchObject({ score: null, passed: false });
    // Only sections of weight 0 count: no score either.
    const zero = scheme([{ title: 'Z', weight: 0, questions: [q('y', 'yesno')] }], 0);
    expect(computeScore(zero, [a('y', true)])).toMatchObject({ score: null, passed: false });
  });

  it('ignores unscored types and questions with max score or weight 0', () => {
    const s = one(
      q('y', 'yesno'),
      q('t', 'text'),
      q('p', 'photo'),
      q('m0', 'number', { maxScore: 0 }),
      q('w0', 'yesno', { weight: 0 }),
    );
    const r = computeScore(s, [a('y', true), a('t', 'x'), a('m0', 12), a('w0', false)]);
    expect(r.score).toBe(100);
    expect(r.sectionScores[0].counted).toBe(1);
    // A weight-0 question does not count, but it still fails when it earns less than half.
    expect(r.failedKeys).toEqual(['w0']);
  });

  it('clamps numbers to 0..max', () => {
    const s = one(q('n', 'number', { maxScore: 3 }));
    expect(computeScore(s, [a('n', 10)]).score).toBe(100);
    expect(computeScore(s, [a('n', -4)]).score).toBe(0);
  });

  it('scores a choice by its option', () => {
    expect(computeScore(one(choice), [a('c', 'fair')]).score).toBe(66.7);
  });

  it('counts a question only while visible (visibleIf), chained', () => {
    const gate = q('gate', 'yesno');
    const child = q('child', 'yesno', { visibleIf: { questionKey: 'gate', equals: true } });
    const grandchild = q('grand', 'yesno', { visibleIf: { questionKey: 'child', equals: false } });
    const s = one(gate, child, grandchild);
    // gate yes: child visible (no, fails), grandchild visible (yes).
    let r = computeScore(s, [a('gate', true), a('child', false), a('grand', true)]);
    expect(r.sectionScores[0].counted).toBe(3);
    expect(r.failedKeys).toEqual(['child']);
    // gate no: child hidden, so its stale answer neither counts nor fails, and grandchild is hidden too.
    r = computeScore(s, [a('gate', false), a('child', false), a('grand', true)]);
    expect(r.sectionScores[0].counted).toBe(1);
    expect(r.failedKeys).toEqual(['gate']);
    expect(r.score).toBe(0);
  });

  it('a question fails when it earns less than half its max', () => {
    const s = one(q('s', 'score', { maxScore: 4 }), q('t', 'score', { maxScore: 4 }), q('y', 'yesno'));
    const r = computeScore(s, [a('s', 1.9), a('t', 2), a('y', false)]);
    expect(r.failedKeys).toEqual(['s', 'y']);
  });

  it('a failed critical question fails the task even with a high score', () => {
    const many = Array.from({ length: 19 }, (_, i) => q(`q${i}`, 'yesno'));
    const s = one(...many, q('crit', 'yesno', { critical: true }));
    const r = computeScore(s, [...many.map((x) => a(x.key, true)), a('crit', false)]);
    expect(r.score).toBe(95);
    expect(r.passed).toBe(false);
    expect(r.criticalFailures).toEqual(['crit']);
  });

  it('passes at exactly the passing score, not below', () => {
    const s = scheme([{ title: 'S', weight: 1, questions: [q('s', 'score', { maxScore: 10 })] }], 80);
    expect(computeScore(s, [a('s', 8)])).toMatchObject({ score: 80, passed: true });
    expect(computeScore(s, [a('s', 7.99)])).toMatchObject({ score: 79.9, passed: false });
  });

  it('rounds to one decimal, half up, on the whole task (not on the sections first)', () => {
    expect(roundOneDecimal(84.45)).toBe(84.5);
    expect(roundOneDecimal(66.66666)).toBe(66.7);
    const s = scheme([
      { title: 'A', weight: 1, questions: [q('a', 'score', { maxScore: 3 })] },
      { title: 'B', weight: 2, questions: [q('b', 'score', { maxScore: 3 })] },
    ]);
    // A = 1/3, B = 2/3 → (1/3 + 4/3) ÷ 3 = 5/9 = 55.555… → 55.6; sections 33.3 and 66.7.
    const r = computeScore(s, [a('a', 1), a('b', 2)]);
    expect(r.score).toBe(55.6);
    expect(r.sectionScores.map((x) => x.score)).toEqual([33.3, 66.7]);
  });

  it('ignores answers to keys the scheme does not have, and unanswered questions', () => {
    const s = one(q('y', 'yesno'), q('z', 'yesno'));
    expect(computeScore(s, [a('y', true), a('nope', false)]).score).toBe(100);
  });

  it('isQuestionVisible: no condition, the condition met, unmet, N/A and unanswered parents', () => {
    const child = q('c', 'yesno', { visibleIf: { questionKey: 'p', equals: 'open' } });
    const answers = (value: ScoreAnswer['value'], na = false) => new Map([['p', a('p', value, na)]]);
    expect(isQuestionVisible(q('x', 'yesno'), new Map())).toBe(true);
    expect(isQuestionVisible(child, answers('open'))).toBe(true);
    expect(isQuestionVisible(child, answers('closed'))).toBe(false);
    expect(isQuestionVisible(child, answers('open', true))).toBe(false);
    expect(isQuestionVisible(child, new Map())).toBe(false);
  });
});

/* ------------------------------------------------------------------ properties */

const TYPES: TQuestionType[] = ['yesno', 'score', 'choice', 'number', 'text', 'photo'];

const arbQuestion = (key: string) =>
  fc
    .record({
      type: fc.constantFrom(...TYPES),
      maxScore: fc.constantFrom(0, 1, 3, 5, 10),
      weight: fc.constantFrom(0, 0.5, 1, 2),
      critical: fc.boolean(),
    })
    .map(
      (x): ScoreQuestion => ({
        key,
        ...x,
        options:
          x.type === 'choice'
            ? [
                { value: 'hi', score: x.maxScore },
                { value: 'mid', score: x.maxScore / 2 },
                { value: 'lo', score: 0 },
              ]
            : [],
        visibleIf: null,
      }),
    );

const arbScheme: fc.Arbitrary<ScoreScheme> = fc
  .array(fc.record({ weight: fc.constantFrom(0, 1, 1.5, 3), size: fc.integer({ min: 1, max: 5 }) }), {
    minLength: 1,
    maxLength: 4,
  })
  .chain((sections) => {
    let n = 0;
    return fc.tuple(
      ...sections.map((s, si) =>
        fc
          .tuple(...Array.from({ length: s.size }, () => arbQuestion(`q${n++}`)))
          .map((questions) => ({ title: `S${si}`, weight: s.weight, questions })),
      ),
    );
  })
  .chain((sections) =>
    fc.integer({ min: 0, max: 100 }).map((passingScore) => {
      // Some questions depend on an earlier yesno.
      const all = sections.flatMap((s) => s.questions);
      const gate = all.find((x) => x.type === 'yesno');
      const withConditions = sections.map((s) => ({
        ...s,
        questions: s.questions.map((x, i) =>
          gate && x !== gate && i % 3 === 2 ? { ...x, visibleIf: { questionKey: gate.key, equals: true } } : x,
        ),
      }));
      return { passingScore, sections: withConditions };
    }),
  );

function arbAnswers(s: ScoreScheme): fc.Arbitrary<ScoreAnswer[]> {
  const questions = s.sections.flatMap((x) => x.questions);
  return fc
    .tuple(
      ...questions.map((x) =>
        fc
          .option(
            fc.record({
              na: fc.boolean(),
              value: fc.oneof(
                fc.boolean(),
                fc.double({ min: -20, max: 20, noNaN: true }),
                fc.constantFrom('hi', 'mid', 'lo', 'other'),
                fc.constant(null),
              ),
            }),
            { nil: undefined },
          )
          .map((v): ScoreAnswer | undefined => (v ? { questionKey: x.key, value: v.value, na: v.na } : undefined)),
      ),
    )
    .map((list) => list.filter((x): x is ScoreAnswer => x !== undefined));
}

describe('computeScore properties', () => {
  it('the score is null or within 0..100 with at most one decimal, and passed implies a score', () => {
    fc.assert(
      fc.property(
        arbScheme.chain((s) => fc.tuple(fc.constant(s), arbAnswers(s))),
        ([s, answers]) => {
          const r = computeScore(s, answers);
          if (r.score !== null) {
            expect(r.score).toBeGreaterThanOrEqual(0);
            expect(r.score).toBeLessThanOrEqual(100);
            expect(roundOneDecimal(r.score)).toBe(r.score);
          }
          if (r.passed) expect(r.score).not.toBeNull();
          for (const key of r.criticalFailures) expect(r.failedKeys).toContain(key);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('N/A on every question gives no score', () => {
    fc.assert(
      fc.property(arbScheme, (s) => {
        const answers = s.sections
          .flatMap((x) => x.questions)
          .map((x) => ({ questionKey: x.key, value: true, na: true }));
        expect(computeScore(s, answers)).toMatchObject({ score: null, passed: false, criticalFailures: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('the order of the answers does not change the result', () => {
    fc.assert(
      fc.property(
        arbScheme
          .chain((s) => fc.tuple(fc.constant(s), arbAnswers(s)))
          .chain(([s, answers]) =>
            fc.tuple(
              fc.constant(s),
              fc.constant(answers),
              fc.shuffledSubarray(answers, { minLength: answers.length, maxLength: answers.length }),
            ),
          ),
        ([s, answers, shuffled]) => {
          expect(computeScore(s, shuffled)).toEqual(computeScore(s, answers));
        },
      ),
      { numRuns: 300 },
    );
  });
});
