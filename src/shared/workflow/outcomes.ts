// Each scored question's outcome in a submitted task, as reports count it (question breakdown): `failed` / `passed` for a visible, answered scored question with a max above 0 (the
// score's own "fails" test, e < m/2), `na` for one answered N/A. Text, photo and hidden questions,
// and unanswered ones, have no outcome. Stored on the task at submit (tasks.answer_outcomes); the
// report rollups count them by question key, which is stable across scheme versions.
import {
  answersByKey,
  isQuestionVisible,
  pointsEarned,
  questionsOf,
  SCORED_TYPES,
  type ScoreAnswer,
  type ScoreScheme,
} from './score.ts';

export type AnswerOutcome = 'failed' | 'passed' | 'na';

export function answerOutcomes(scheme: ScoreScheme, answers: readonly ScoreAnswer[]): Record<string, AnswerOutcome> {
  const byKey = answersByKey(answers);
  const questions = questionsOf(scheme);
  const out: Record<string, AnswerOutcome> = {};
  for (const section of scheme.sections) {
    for (const question of section.questions) {
      if (!SCORED_TYPES.has(question.type) || !(question.maxScore > 0)) continue;
      const answer = byKey.get(question.key);
      if (!answer || !isQuestionVisible(question, byKey, questions)) continue;
      if (answer.na) {
        out[question.key] = 'na';
        continue;
      }
      const earned = answer.value === null ? null : pointsEarned(question, answer.value);
      if (earned === null) continue;
      out[question.key] = earned < question.maxScore / 2 ? 'failed' : 'passed';
    }
  }
  return out;
}
