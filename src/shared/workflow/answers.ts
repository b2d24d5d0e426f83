// Answers of a task against its pinned scheme version: does a value fit its question, merging partial
// saves by question key, and what a submit still lacks (required visible questions, evidence, the
// signature). Pure, for the server (which enforces) and the client (which can show the same messages).
// Problems are message keys of the errors catalogue (messages/tasks.ts) with their values.
import type { ErrorKey, ErrorValues } from '../errors/messages.ts';
import type { TQuestionType, TVisibleIf } from '../schemas/schemes.ts';
import type { TAnswer, TAnswerInput, TAnswerValue } from '../schemas/tasks.ts';
import { answersByKey, isQuestionVisible, questionFails, questionsOf, type ScoreQuestion } from './score.ts';

/** What the answer rules read of a question (a subset of schemes' TQuestion). */
export interface AnswerQuestion extends ScoreQuestion {
  text: string;
  required: boolean;
  allowNA: boolean;
  evidence: 'none' | 'on_fail' | 'always';
  minPhotos: number;
  visibleIf: TVisibleIf | null;
}

export interface AnswerScheme {
  requireSignature: boolean;
  sections: readonly { questions: readonly AnswerQuestion[] }[];
}

/** Types answered by files (photos, a drawn signature) rather than a value. */
const FILE_TYPES: ReadonlySet<TQuestionType> = new Set(['photo', 'signature']);

/** A problem with an answer or a submit: a key of the errors catalogue and its values. */
export interface AnswerProblem {
  key: ErrorKey;
  values: ErrorValues;
}

/** Why `value` cannot answer `question`, or null when it can (null always can: it clears the answer). */
export function valueProblem(question: AnswerQuestion, value: TAnswerValue | null): AnswerProblem | null {
  if (value === null) return null;
  const problem = (key: ErrorKey, values: ErrorValues = {}): AnswerProblem => ({
    key,
    values: { questionKey: question.key, ...values },
  });
  switch (question.type) {
    case 'yesno':
      return typeof value === 'boolean' ? null : problem('tasks.expectsBoolean');
    case 'score':
      return typeof value === 'number' && value >= 0 && value <= question.maxScore
        ? null
        : problem('tasks.expectsScore', { maximum: question.maxScore });
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : problem('tasks.expectsNumber');
    case 'choice':
      return typeof value === 'string' && question.options.some((o) => o.value === value)
        ? null
        : problem('tasks.expectsChoice', { options: question.options.map((o) => `"${o.value}"`).join(', ') });
    case 'text':
      return typeof value === 'string' ? null : problem('tasks.expectsText');
    case 'photo':
    case 'signature':
      return problem('tasks.expectsFiles');
  }
}

/** An empty answer for a question key. */
export function emptyAnswer(questionKey: string): TAnswer {
  return { questionKey, value: null, na: false, comment: null, fileIds: [] };
}

/** Whether two answers say the same (field by field: stored JSON may order its keys differently). */
export function sameAnswer(a: TAnswer, b: TAnswer): boolean {
  return (
    a.questionKey === b.questionKey &&
    a.value === b.value &&
    a.na === b.na &&
    a.comment === b.comment &&
    a.fileIds.length === b.fileIds.length &&
    a.fileIds.every((id, i) => id === b.fileIds[i])
  );
}

export interface MergeResult {
  answers: TAnswer[];
  /** Problems by question key (unknown key, value of the wrong type, N/A where not allowed). */
  problems: Record<string, AnswerProblem>;
  /** Keys whose stored answer changed. */
  changed: string[];
}

/**
 * Merge partial answers into the stored ones by question key: fields not sent keep their value; a
 * `value` of null clears it. Answers come back in scheme order. With problems, nothing should be saved.
 */
export function mergeAnswers(
  scheme: AnswerScheme,
  stored: readonly TAnswer[],
  input: readonly TAnswerInput[],
): MergeResult {
  const questions = questionsOf(scheme);
  const byKey = new Map(stored.map((a) => [a.questionKey, { ...a, fileIds: [...a.fileIds] }]));
  const problems: Record<string, AnswerProblem> = {};
  const changed = new Set<string>();
  for (const given of input) {
    const key = given.questionKey;
    const question = questions.get(key);
    if (!question) {
      problems[key] = { key: 'tasks.notAQuestion', values: { questionKey: key } };
      continue;
    }
    if (given.value !== undefined) {
      const problem = valueProblem(question, given.value);
      if (problem) {
        problems[key] = problem;
        continue;
      }
    }
    if (given.na === true && !question.allowNA) {
      problems[key] = { key: 'tasks.noNotApplicable', values: { questionKey: key } };
      continue;
    }
    const before = byKey.get(key) ?? emptyAnswer(key);
    const after: TAnswer = {
      questionKey: key,
      value: given.value === undefined ? before.value : given.value,
      na: given.na ?? before.na,
      comment: given.comment === undefined ? before.comment : given.comment || null,
      fileIds: given.fileIds === undefined ? before.fileIds : [...new Set(given.fileIds)],
    };
    if (!sameAnswer(after, before)) changed.add(key);
    byKey.set(key, after);
  }
  const order = [...questions.keys()];
  const answers = order.filter((k) => byKey.has(k)).map((k) => byKey.get(k) as TAnswer);
  // Answers to keys the scheme no longer has (none expected: the version is pinned) are kept at the end.
  for (const [k, a] of byKey) if (!questions.has(k)) answers.push(a);
  return { answers, problems, changed: [...changed] };
}

/** Whether an answer answers its question (N/A aside): a value for most types, files for photo/signature. */
export function isAnswered(question: AnswerQuestion, answer: TAnswer | undefined): boolean {
  if (!answer) return false;
  if (FILE_TYPES.has(question.type)) return answer.fileIds.length > 0;
  if (answer.value === null) return false;
  if (typeof answer.value === 'string' && !answer.value.trim()) return false;
  return valueProblem(question, answer.value) === null;
}

export interface SubmitProblems {
  /** Required visible questions neither answered nor N/A (N/A only where allowed). */
  missing: string[];
  /** Questions whose evidence rule asks for more files than attached. */
  evidence: string[];
  /** The scheme requires a signature and none was given. */
  signature: boolean;
}

/** How many files an evidence rule asks for: minPhotos, and at least one. */
export function photosNeeded(question: AnswerQuestion): number {
  return Math.max(1, question.minPhotos);
}

/** What a submit lacks (see SubmitProblems); empty lists and `signature: false` when it may go. */
export function submitProblems(
  scheme: AnswerScheme,
  answers: readonly TAnswer[],
  signatureFileId: number | null,
): SubmitProblems {
  const byKey = answersByKey(answers);
  const questions = questionsOf(scheme);
  const missing: string[] = [];
  const evidence: string[] = [];
  for (const question of questions.values()) {
    const answer = byKey.get(question.key);
    if (!isQuestionVisible(question, byKey, questions)) continue;
    const na = Boolean(answer?.na) && question.allowNA;
    if (na) continue;
    const answered = isAnswered(question, answer);
    if (!answered) {
      if (question.required) missing.push(question.key);
      continue;
    }
    const files = answer?.fileIds.length ?? 0;
    const needs =
      question.evidence === 'always' || (question.evidence === 'on_fail' && questionFails(question, answer, true));
    if (needs && files < photosNeeded(question)) evidence.push(question.key);
  }
  return { missing, evidence, signature: scheme.requireSignature && signatureFileId === null };
}

/** The refusal naming every kind of problem (missing, evidence, signature) as one sentence each. */
const SUBMIT_REFUSALS: Record<string, ErrorKey> = {
  '100': 'tasks.answersRequired',
  '010': 'tasks.photosRequired',
  '001': 'tasks.signatureRequired',
  '110': 'tasks.answersAndPhotosRequired',
  '101': 'tasks.answersAndSignatureRequired',
  '011': 'tasks.photosAndSignatureRequired',
  '111': 'tasks.allRequired',
};

/** What a submit lacks as one message naming the question keys; null when nothing is missing. */
export function submitRefusal(problems: SubmitProblems): AnswerProblem | null {
  const kinds = [problems.missing.length > 0, problems.evidence.length > 0, problems.signature];
  const key = SUBMIT_REFUSALS[kinds.map(Number).join('')];
  if (!key) return null;
  return { key, values: { missing: problems.missing.join(', '), evidence: problems.evidence.join(', ') } };
}
