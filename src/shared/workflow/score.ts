// The task score: one pure function, computed on the server at submit and
// usable by the client for a live estimate. Reproducible from the pinned scheme version and the answers.
//
// - A question counts when its type is scored (yesno, score, choice, number), it is visible (its
//   `visibleIf` holds), it is answered and not N/A, and its maxScore and weight are above 0.
// - Points earned e of max m: yesno yes = m, no = 0; score the chosen value (0..m); choice the chosen
//   option's score (0..m); number the value clamped to 0..m.
// - A question fails when it is answered and e < m/2 (a yesno "no").
// - Section score = Σ w·e/m ÷ Σ w over its counted questions. Task score = 100 × Σ W·section ÷ Σ W over
//   sections with at least one counted question (a section left all N/A drops out), one decimal.
//   No counted question (or only sections of weight 0): score null, not passed.
// - passed when score >= passingScore and no critical question failed.

import type { TQuestionType, TVisibleIf } from '../schemas/schemes.ts';
import type { TAnswerValue, TSectionScore } from '../schemas/tasks.ts';

export const SCORED_TYPES: ReadonlySet<TQuestionType> = new Set(['yesno', 'score', 'choice', 'number']);

/** What the score reads of a question (a subset of schemes' TQuestion). */
export interface ScoreQuestion {
  key: string;
  type: TQuestionType;
  maxScore: number;
  weight: number;
  critical: boolean;
  options: readonly { value: string; score: number }[];
  visibleIf: TVisibleIf | null;
}

export interface ScoreSection {
  title: string;
  weight: number;
  questions: readonly ScoreQuestion[];
}

export interface ScoreScheme {
  passingScore: number;
  sections: readonly ScoreSection[];
}

/** What the score reads of an answer (a subset of tasks' TAnswer). */
export interface ScoreAnswer {
  questionKey: string;
  value: TAnswerValue | null;
  na: boolean;
}

export interface ScoreResult {
  /** 0..100 with one decimal, or null when no question counts. */
  score: number | null;
  passed: boolean;
  /** Keys of the critical questions that failed, in scheme order. */
  criticalFailures: string[];
  sectionScores: TSectionScore[];
  /** Keys of every question that failed, in scheme order. */
  failedKeys: string[];
}

/** Round half up to one decimal, immune to binary noise (84.45 → 84.5, not 84.4). */
export function roundOneDecimal(x: number): number {
  return Math.round(Number((x * 10).toPrecision(12))) / 10;
}

/** Answers by question key (the last one wins when a key repeats). */
export function answersByKey<A extends ScoreAnswer>(answers: readonly A[]): Map<string, A> {
  return new Map(answers.map((a) => [a.questionKey, a]));
}

/**
 * Whether a question is shown: no `visibleIf`, or the question it refers to is itself visible and
 * answered (not N/A) with exactly the expected value. `questionsByKey` lets conditions chain (a
 * question that depends on a hidden one is hidden); without it only the direct condition is checked.
 */
export function isQuestionVisible(
  question: { visibleIf: TVisibleIf | null },
  answers: ReadonlyMap<string, ScoreAnswer>,
  questionsByKey?: ReadonlyMap<string, { visibleIf: TVisibleIf | null }>,
  seen: Set<string> = new Set(),
): boolean {
  const condition = question.visibleIf;
  if (!condition) return true;
  const parentKey = condition.questionKey;
  if (seen.has(parentKey)) return false; // a cycle: never shown
  const answer = answers.get(parentKey);
  if (!answer || answer.na || answer.value === null || answer.value !== condition.equals) return false;
  const parent = questionsByKey?.get(parentKey);
  if (!parent) return true;
  seen.add(parentKey);
  return isQuestionVisible(parent, answers, questionsByKey, seen);
}

/** Every question of a scheme by key. */
export function questionsOf<Q extends { key: string }>(scheme: {
  sections: readonly { questions: readonly Q[] }[];
}): Map<string, Q> {
  return new Map(scheme.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, x));
}

/**
 * Points earned by a value for a scored question, or null when the value does not answer it (wrong
 * type, unknown option). Not for N/A: callers check that first.
 */
export function pointsEarned(question: ScoreQuestion, value: TAnswerValue | null): number | null {
  const m = question.maxScore;
  switch (question.type) {
    case 'yesno':
      return typeof value === 'boolean' ? (value ? m : 0) : null;
    case 'score':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? clamp(value, 0, m) : null;
    case 'choice': {
      const option = typeof value === 'string' ? question.options.find((o) => o.value === value) : undefined;
      return option ? clamp(option.score, 0, m) : null;
    }
    default:
      return null;
  }
}

/** Earned points of a visible, scored, answered (not N/A) question with maxScore > 0; null otherwise. */
function earnedIfAnswered(question: ScoreQuestion, answer: ScoreAnswer | undefined, visible: boolean): number | null {
  if (!visible || !answer || answer.na || answer.value === null) return null;
  if (!SCORED_TYPES.has(question.type) || !(question.maxScore > 0)) return null;
  return pointsEarned(question, answer.value);
}

/** Whether the answer makes the question fail: answered (visible, not N/A) and e < m/2. */
export function questionFails(question: ScoreQuestion, answer: ScoreAnswer | undefined, visible: boolean): boolean {
  const e = earnedIfAnswered(question, answer, visible);
  return e !== null && e < question.maxScore / 2;
}

/** The score of a task from its pinned scheme version and its answers (see the file header). */
export function computeScore(scheme: ScoreScheme, answers: readonly ScoreAnswer[]): ScoreResult {
  const byKey = answersByKey(answers);
  const questions = questionsOf(scheme);
  const criticalFailures: string[] = [];
  const failedKeys: string[] = [];
  const sectionScores: TSectionScore[] = [];
  let weighted = 0;
  let totalWeight = 0;

  for (const section of scheme.sections) {
    let sum = 0;
    let weights = 0;
    let counted = 0;
    for (const question of section.questions) {
      const answer = byKey.get(question.key);
      const visible = isQuestionVisible(question, byKey, questions);
      const e = earnedIfAnswered(question, answer, visible);
      if (e === null) continue;
      if (e < question.maxScore / 2) {
        failedKeys.push(question.key);
        if (question.critical) criticalFailures.push(question.key);
      }
      if (!(question.weight > 0)) continue;
      counted++;
      sum += (question.weight * e) / question.maxScore;
      weights += question.weight;
    }
    const fraction = counted ? sum / weights : null;
    sectionScores.push({
      title: section.title,
      weight: section.weight,
      score: fraction === null ? null : roundOneDecimal(100 * fraction),
      counted,
    });
    if (fraction !== null && section.weight > 0) {
      weighted += section.weight * fraction;
      totalWeight += section.weight;
    }
  }

  const score = totalWeight > 0 ? roundOneDecimal((100 * weighted) / totalWeight) : null;
  const passed = score !== null && score >= scheme.passingScore && criticalFailures.length === 0;
  return { score, passed, criticalFailures, sectionScores, failedKeys };
}
