import { describe, expect, it } from 'vitest';
import { answerMatches, questionsInOrder, visibleQuestionKeys, type VisibilityQuestion } from './visibility.ts';

const q = (key: string, visibleIf: VisibilityQuestion['visibleIf'] = null): VisibilityQuestion => ({ key, visibleIf });

describe('answerMatches', () => {
  it('reads yes/no answers as booleans whatever their spelling', () => {
    expect(answerMatches({ value: true }, 'yes')).toBe(true);
    expect(answerMatches({ value: true }, true)).toBe(true);
    expect(answerMatches({ value: 'yes' }, true)).toBe(true);
    expect(answerMatches({ value: false }, 'no')).toBe(true);
    expect(answerMatches({ value: false }, 'yes')).toBe(false);
    expect(answerMatches({ value: 'No' }, false)).toBe(true);
  });

  it('compares numbers numerically and other text exactly after trimming', () => {
    expect(answerMatches({ value: 3 }, '3')).toBe(true);
    expect(answerMatches({ value: '3.0' }, 3)).toBe(true);
    expect(answerMatches({ value: 2 }, 3)).toBe(false);
    expect(answerMatches({ value: ' dirty ' }, 'dirty')).toBe(true);
    expect(answerMatches({ value: 'Dirty' }, 'dirty')).toBe(false);
  });

  it('never matches an unanswered or not-applicable question', () => {
    expect(answerMatches(undefined, 'yes')).toBe(false);
    expect(answerMatches({}, 'yes')).toBe(false);
    expect(answerMatches({ value: null }, '')).toBe(false);
    expect(answerMatches({ value: '  ' }, '')).toBe(false);
    expect(answerMatches({ value: true, na: true }, true)).toBe(false);
  });
});

describe('visibleQuestionKeys', () => {
  const questions = [q('a'), q('b', { questionKey: 'a', equals: 'yes' }), q('c', { questionKey: 'b', equals: 'clean' }), q('d')];

  it('shows unconditional questions and hides conditional ones until their condition holds', () => {
    expect([...visibleQuestionKeys(questions, {})]).toEqual(['a', 'd']);
    expect([...visibleQuestionKeys(questions, { a: { value: true } })]).toEqual(['a', 'b', 'd']);
    expect([...visibleQuestionKeys(questions, new Map([['a', { value: false }]]))]).toEqual(['a', 'd']);
  });

  it('hides a question whose condition names a hidden question, even with a matching answer left over', () => {
    const answers = { a: { value: false }, b: { value: 'clean' } };
    expect(visibleQuestionKeys(questions, answers).has('c')).toBe(false);
    expect(visibleQuestionKeys(questions, { ...answers, a: { value: 'yes' } }).has('c')).toBe(true);
  });

  it('hides a question whose condition names a later or unknown question', () => {
    const later = [q('x', { questionKey: 'y', equals: 'yes' }), q('y')];
    expect([...visibleQuestionKeys(later, { y: { value: true } })]).toEqual(['y']);
    expect(visibleQuestionKeys([q('z', { questionKey: 'nope', equals: 1 })], { nope: { value: 1 } }).size).toBe(0);
  });

  it('reads sections in order', () => {
    const sections = [{ questions: [q('a')] }, { questions: [q('b', { questionKey: 'a', equals: 1 })] }];
    expect([...visibleQuestionKeys(questionsInOrder(sections), { a: { value: 1 } })]).toEqual(['a', 'b']);
  });
});
