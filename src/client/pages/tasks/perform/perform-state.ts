// What the perform page shows from the server's answers and the outbox's waiting changes: the answers
// as the inspector last left them, which questions are visible, progress, evidence still owed, and
// whether the task may be submitted. Pure; the rules are the shared ones the server enforces.
import type { TQuestion, TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import type { TAnswer, TAnswerValue } from '../../../../shared/schemas/tasks.ts';
import { isAnswered, photosNeeded, type SubmitProblems, submitProblems } from '../../../../shared/workflow/answers.ts';
import { isQuestionVisible, questionFails, questionsOf } from '../../../../shared/workflow/score.ts';
import { type FileRef, fileRef } from './file-ref.ts';
import type { AnswerPatch, OutboxOp } from './outbox.ts';

export interface LocalAnswer {
  value: TAnswerValue | null;
  na: boolean;
  comment: string | null;
  files: FileRef[];
}

export type LocalAnswers = Record<string, LocalAnswer>;

export const EMPTY_ANSWER: LocalAnswer = { value: null, na: false, comment: null, files: [] };

export function applyPatch(answer: LocalAnswer | undefined, patch: AnswerPatch): LocalAnswer {
  const before = answer ?? EMPTY_ANSWER;
  return {
    value: patch.value === undefined ? before.value : patch.value,
    na: patch.na ?? before.na,
    comment: patch.comment === undefined ? before.comment : patch.comment,
    files: patch.files ?? before.files,
  };
}

/** The server's answers with the outbox's waiting changes on top (what the inspector left, after a reload too). */
export function localAnswers(server: readonly TAnswer[], waiting: readonly OutboxOp[]): LocalAnswers {
  const out: LocalAnswers = {};
  for (const a of server)
    out[a.questionKey] = { value: a.value, na: a.na, comment: a.comment, files: a.fileIds.map(fileRef) };
  for (const op of waiting) if (op.kind === 'answer') out[op.questionKey] = applyPatch(out[op.questionKey], op.patch);
  return out;
}

/** The local answers as the shared rules read them (each file ref counts as one file). */
export function asTaskAnswers(answers: LocalAnswers): TAnswer[] {
  return Object.entries(answers).map(([questionKey, a]) => ({
    questionKey,
    value: a.value,
    na: a.na,
    comment: a.comment,
    fileIds: a.files.map((_, i) => i + 1),
  }));
}

export interface PerformView {
  visible: Set<string>;
  /** Visible questions answered or N/A. */
  done: Set<string>;
  answered: number;
  total: number;
  /** Visible questions whose evidence rule asks for more photos than attached, with how many are needed. */
  evidence: Map<string, number>;
  problems: SubmitProblems;
}

/** Visibility (visibleIf, live), progress over the visible questions, evidence owed and submit problems. */
export function performView(
  scheme: Pick<TSchemeDetail, 'sections' | 'requireSignature'>,
  answers: LocalAnswers,
  signature: FileRef | null,
): PerformView {
  const list = asTaskAnswers(answers);
  const byKey = new Map(list.map((a) => [a.questionKey, a]));
  const questions = questionsOf(scheme);
  const visible = new Set<string>();
  const evidence = new Map<string, number>();
  const done = new Set<string>();
  for (const q of questions.values()) {
    if (!isQuestionVisible(q, byKey, questions)) continue;
    visible.add(q.key);
    const a = byKey.get(q.key);
    const na = Boolean(a?.na) && q.allowNA;
    if (na || isAnswered(q, a)) done.add(q.key);
    if (!na && needsEvidence(q, a) && (a?.fileIds.length ?? 0) < photosNeeded(q)) evidence.set(q.key, photosNeeded(q));
  }
  const problems = submitProblems(scheme, list, signature === null ? null : 1);
  return { visible, done, answered: done.size, total: visible.size, evidence, problems };
}

function needsEvidence(q: TQuestion, a: TAnswer | undefined): boolean {
  if (q.evidence === 'always') return q.type !== 'signature';
  return q.evidence === 'on_fail' && !!a && isAnswered(q, a) && questionFails(q, a, true);
}

/** The signature: the first file of the scheme's first signature question, else the one kept aside. */
export function signatureRef(
  scheme: Pick<TSchemeDetail, 'sections'>,
  answers: LocalAnswers,
  aside: FileRef | null,
): FileRef | null {
  for (const section of scheme.sections) {
    for (const q of section.questions) if (q.type === 'signature') return answers[q.key]?.files[0] ?? null;
  }
  return aside;
}

/** Whether the scheme has a signature question (else a required signature is asked for at the end). */
export function hasSignatureQuestion(scheme: Pick<TSchemeDetail, 'sections'>): boolean {
  return scheme.sections.some((s) => s.questions.some((q) => q.type === 'signature'));
}
