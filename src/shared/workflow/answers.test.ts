// Answer rules: values per question type, merging partial saves by key, and what a submit lacks.
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../errors/messages.ts';
import type { TAnswer } from '../schemas/tasks.ts';
import {
  type AnswerProblem,
  type AnswerQuestion,
  type AnswerScheme,
  mergeAnswers,
  submitProblems,
  submitRefusal,
  valueProblem,
} from './answers.ts';
import { distanceMeters, insideGeofence } from './geo.ts';

function q(key: string, type: AnswerQuestion['type'], extra: Partial<AnswerQuestion> = {}): AnswerQuestion {
  return {
    key,
    type,
    text: key,
    maxScore: 1,
    weight: 1,
    critical: false,
    options: [],
    visibleIf: null,
    required: true,
    allowNA: false,
    evidence: 'none',
    minPhotos: 0,
    ...extra,
  };
}
const scheme = (questions: AnswerQuestion[], requireSignature = false): AnswerScheme => ({
  requireSignature,
  sections: [{ questions }],
});
const answer = (questionKey: string, value: TAnswer['value'], extra: Partial<TAnswer> = {}): TAnswer => ({
  questionKey,
  value,
  na: false,
  comment: null,
  fileIds: [],
  ...extra,
});

/** A problem in English, as the server words it. */
const english = (problem: AnswerProblem | null) => problem && formatMessage(problem.key, problem.values);

const choice = q('c', 'choice', {
  maxScore: 2,
  options: [
    { value: 'a', score: 2 },
    { value: 'b', score: 0 },
  ],
});

describe('valueProblem', () => {
  it("accepts each type's values and null, and names what is expected otherwise", () => {
    expect(valueProblem(q('y', 'yesno'), true)).toBeNull();
    expect(valueProblem(q('y', 'yesno'), null)).toBeNull();
    expect(english(valueProblem(q('y', 'yesno'), 'yes'))).toBe('"y" expects true or false');
    expect(valueProblem(q('s', 'score', { maxScore: 5 }), 5)).toBeNull();
    expect(english(valueProblem(q('s', 'score', { maxScore: 5 }), 5.5))).toBe('"s" expects a number from 0 to 5');
    expect(valueProblem(q('n', 'number'), -40)).toBeNull();
    expect(english(valueProblem(q('n', 'number'), '3'))).toBe('"n" expects a number');
    expect(valueProblem(choice, 'a')).toBeNull();
    expect(english(valueProblem(choice, 'z'))).toBe('"c" expects one of "a", "b"');
    expect(valueProblem(q('t', 'text'), 'fine')).toBeNull();
    expect(english(valueProblem(q('t', 'text'), false))).toBe('"t" expects text');
    expect(english(valueProblem(q('p', 'photo'), 'x.jpg'))).toBe('"p" is answered with files (fileIds), not a value');
  });
});

describe('mergeAnswers', () => {
  const s = scheme([q('y', 'yesno', { allowNA: true }), q('t', 'text'), choice]);

  it('keeps unsent fields, clears with null, orders by the scheme and reports what changed', () => {
    const stored = [answer('t', 'old', { comment: 'kept', fileIds: [3] })];
    const r = mergeAnswers(s, stored, [
      { questionKey: 't', value: 'new' },
      { questionKey: 'y', value: true },
    ]);
    expect(r.problems).toEqual({});
    expect(r.answers).toEqual([answer('y', true), answer('t', 'new', { comment: 'kept', fileIds: [3] })]);
    expect(r.changed.sort()).toEqual(['t', 'y']);
    const cleared = mergeAnswers(s, r.answers, [{ questionKey: 't', value: null, comment: '' }]);
    expect(cleared.answers[1]).toEqual(answer('t', null, { fileIds: [3] }));
    expect(mergeAnswers(s, r.answers, [{ questionKey: 'y', value: true }]).changed).toEqual([]);
  });

  it('reports unknown keys, wrong values and N/A where not allowed, per key', () => {
    const r = mergeAnswers(
      s,
      [],
      [
        { questionKey: 'zz', value: 1 },
        { questionKey: 'c', value: 'q' },
        { questionKey: 't', na: true },
        { questionKey: 'y', na: true },
      ],
    );
    expect(Object.fromEntries(Object.entries(r.problems).map(([key, problem]) => [key, english(problem)]))).toEqual({
      zz: '"zz" is not a question of this task\'s scheme',
      c: '"c" expects one of "a", "b"',
      t: '"t" cannot be answered N/A',
    });
  });

  it('a key answered twice in one save: the last wins; file ids are deduplicated', () => {
    const r = mergeAnswers(
      s,
      [],
      [
        { questionKey: 'c', value: 'a' },
        { questionKey: 'c', value: 'b', fileIds: [4, 4, 5] },
      ],
    );
    expect(r.answers).toEqual([answer('c', 'b', { fileIds: [4, 5] })]);
  });
});

describe('submitProblems', () => {
  it('required visible questions must be answered or N/A where allowed; hidden ones are not asked', () => {
    const s = scheme([
      q('gate', 'yesno', { required: false }),
      q('child', 'yesno', { visibleIf: { questionKey: 'gate', equals: true } }),
      q('na', 'yesno', { allowNA: true }),
      q('blank', 'text'),
      q('opt', 'text', { required: false }),
    ]);
    expect(submitProblems(s, [], null).missing).toEqual(['na', 'blank']);
    expect(
      submitProblems(s, [answer('gate', true), answer('na', null, { na: true }), answer('blank', '  ')], null).missing,
    ).toEqual(['child', 'blank']);
    expect(
      submitProblems(s, [answer('gate', false), answer('na', false), answer('blank', 'ok')], null).missing,
    ).toEqual([]);
  });

  it('evidence: always needs minPhotos (at least one); on_fail only when the question fails', () => {
    const s = scheme([
      q('always', 'yesno', { evidence: 'always', minPhotos: 2 }),
      q('onfail', 'score', { maxScore: 4, evidence: 'on_fail' }),
      q('photo', 'photo', { maxScore: 0, weight: 0, evidence: 'always', minPhotos: 0 }),
    ]);
    const base = [
      answer('always', true, { fileIds: [1] }),
      answer('onfail', 1),
      answer('photo', null, { fileIds: [9] }),
    ];
    expect(submitProblems(s, base, null).evidence).toEqual(['always', 'onfail']);
    const fixed = [
      answer('always', true, { fileIds: [1, 2] }),
      answer('onfail', 2),
      answer('photo', null, { fileIds: [9] }),
    ];
    expect(submitProblems(s, fixed, null)).toEqual({ missing: [], evidence: [], signature: false });
    expect(submitProblems(s, [...fixed.slice(0, 2)], null).missing).toEqual(['photo']);
  });

  it('the signature when the scheme requires it, and one message naming everything', () => {
    const s = scheme([q('y', 'yesno')], true);
    const problems = submitProblems(s, [], null);
    expect(problems.signature).toBe(true);
    expect(english(submitRefusal(problems))).toBe(
      'Answer the required questions: y. This scheme requires a signature (signatureFileId)',
    );
    expect(submitRefusal(submitProblems(s, [answer('y', true)], 7))).toBeNull();
  });
});

describe('geofence', () => {
  it('measures great-circle distances and widens the fence by the accuracy', () => {
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    const lyon = { latitude: 45.764, longitude: 4.8357 };
    expect(distanceMeters(paris, lyon) / 1000).toBeCloseTo(391.5, 0);
    expect(distanceMeters(paris, paris)).toBe(0);
    expect(distanceMeters(paris, { latitude: 48.8576, longitude: 2.3522 })).toBeCloseTo(111.2, 0);
    expect(insideGeofence(120, 100, 25)).toBe(true);
    expect(insideGeofence(130, 100, 25)).toBe(false);
  });
});
