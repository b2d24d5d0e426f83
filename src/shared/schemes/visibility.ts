// When a scheme question shows: its `visibleIf` condition read against the answers given so far. One
// rule for the editor's preview, the perform page and the server's score (a hidden question never
// counts), so they can never disagree.
import type { TVisibleIf } from '../schemas/schemes.ts';

/**
 * An answer as a task stores it (CONTRACTS "tasks.saveAnswers"): `yesno` true/false, `score` and
 * `number` a number, `choice` the option's value, `text` a string; `na` when marked not applicable.
 */
export interface AnswerLike {
  value?: string | number | boolean | null;
  na?: boolean;
}

/** The answers by question key (a Map, or a plain object such as a form's state). */
export type AnswersByKey = ReadonlyMap<string, AnswerLike> | Readonly<Record<string, AnswerLike | undefined>>;

/** The part of a question the rule reads. */
export interface VisibilityQuestion {
  key: string;
  visibleIf: TVisibleIf | null;
}

const TRUE = new Set(['true', 'yes']);
const FALSE = new Set(['false', 'no']);

function asBoolean(value: string | number | boolean): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  return TRUE.has(text) ? true : FALSE.has(text) ? false : undefined;
}

function asNumber(value: string | number | boolean): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const number = Number(value.trim());
  return Number.isFinite(number) ? number : undefined;
}

/**
 * Whether an answer meets a condition's `equals`. An unanswered or N/A question meets none. A yes/no
 * answer compares as a boolean (true, "true" and "yes" are one value), numbers numerically ("3" is 3),
 * anything else as trimmed text (choice values are case-sensitive).
 */
export function answerMatches(answer: AnswerLike | undefined, equals: TVisibleIf['equals']): boolean {
  if (!answer || answer.na) return false;
  const value = answer.value;
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return false;
  const [b1, b2] = [asBoolean(value), asBoolean(equals)];
  if (b1 !== undefined && b2 !== undefined) return b1 === b2;
  const [n1, n2] = [asNumber(value), asNumber(equals)];
  if (n1 !== undefined && n2 !== undefined) return n1 === n2;
  return String(value).trim() === String(equals).trim();
}

function answerOf(answers: AnswersByKey, key: string): AnswerLike | undefined {
  return answers instanceof Map ? (answers as ReadonlyMap<string, AnswerLike>).get(key) : (answers as Record<string, AnswerLike | undefined>)[key];
}

/**
 * The keys of the visible questions, given in scheme order (sections in order, then their questions).
 * A question is visible when it has no condition, or when the question it names is itself visible,
 * comes before it and has an answer that meets `equals`. A hidden question's answer shows nothing, so
 * a chain of conditions hides everything after its first unmet link.
 */
export function visibleQuestionKeys(questions: Iterable<VisibilityQuestion>, answers: AnswersByKey): Set<string> {
  const visible = new Set<string>();
  for (const question of questions) {
    const condition = question.visibleIf;
    if (!condition || (visible.has(condition.questionKey) && answerMatches(answerOf(answers, condition.questionKey), condition.equals))) {
      visible.add(question.key);
    }
  }
  return visible;
}

/** Every question of a scheme's sections in scheme order (what `visibleQuestionKeys` expects). */
export function questionsInOrder<Q>(sections: readonly { questions: readonly Q[] }[]): Q[] {
  return sections.flatMap((section) => section.questions);
}
