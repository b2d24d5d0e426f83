import { CommentIcon, XIcon } from '@primer/octicons-react';
import { Button, FormControl, Label, Textarea } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFile } from '../../../../shared/schemas/files.ts';
import type { TQuestion, TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import type { TAnswer, TAnswerChange, TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { answersByKey, isQuestionVisible, pointsEarned, questionFails } from '../../../../shared/workflow/score.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { AnswerValue } from './AnswerValue.tsx';
import { EvidenceThumbnails } from './EvidenceViewer.tsx';
import classes from './View.module.css';

export interface QuestionCommentsEditor {
  comments: Readonly<Record<string, string>>;
  set: (questionKey: string, comment: string | null) => void;
}

interface Props {
  task: TTaskDetail;
  scheme: TSchemeDetail;
  files: ReadonlyMap<number, TFile>;
  /** The last round's changes (by question key) and its round number. */
  changes: ReadonlyMap<string, TAnswerChange>;
  changedRound: number | null;
  /** The reviewer's per-question comments being written (only while the caller reviews). */
  editor: QuestionCommentsEditor | null;
}

/** The answers section by section: value, points, comment, evidence, flags (critical, failed, changed, commented). */
export function AnswerList({ task, scheme, files, changes, changedRound, editor }: Props) {
  const { t } = useTranslation('review');
  const answers = answersByKey(task.answers);
  const questions = new Map(scheme.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
  // The flagged questions of the latest rejection (what the inspector reworks).
  const lastRejection = [...task.reviews].reverse().find((r) => r.decision === 'rejected');
  const flagged = new Map((lastRejection?.questionComments ?? []).map((c) => [c.questionKey, c.comment]));

  if (!task.answers.length) {
    return (
      <div className={classes.empty}>
        <p className={classes.emptyTitle}>{t('answers.empty')}</p>
        <p className={classes.muted}>{t('answers.emptyHint')}</p>
      </div>
    );
  }
  return (
    <div className={classes.sections}>
      {scheme.sections.map((section) => {
        const shown = section.questions.filter((q) => answers.has(q.key) || isQuestionVisible(q, answers, questions));
        if (!shown.length) return null;
        const headingId = `section-${section.id}`;
        return (
          <section key={section.id} aria-labelledby={headingId} className={classes.answerSection}>
            <h3 id={headingId} className={classes.sectionHeading}>
              <Bdi>{section.title}</Bdi>
            </h3>
            <ol className={classes.questions}>
              {shown.map((q) => (
                <QuestionRow
                  key={q.key}
                  question={q}
                  answer={answers.get(q.key)}
                  visible={isQuestionVisible(q, answers, questions)}
                  critical={task.criticalFailures.includes(q.key)}
                  files={files}
                  change={changes.get(q.key)}
                  changedRound={changedRound}
                  flag={flagged.get(q.key)}
                  editor={editor}
                />
              ))}
            </ol>
          </section>
        );
      })}
      {task.signatureFileId !== null && (
        <section aria-labelledby="task-signature" className={classes.answerSection}>
          <h3 id="task-signature" className={classes.sectionHeading}>
            {t('answers.signature')}
          </h3>
          <EvidenceThumbnails fileIds={[task.signatureFileId]} files={files} question={t('answers.signature')} />
        </section>
      )}
    </div>
  );
}

function QuestionRow(props: {
  question: TQuestion;
  answer: TAnswer | undefined;
  visible: boolean;
  critical: boolean;
  files: ReadonlyMap<number, TFile>;
  change: TAnswerChange | undefined;
  changedRound: number | null;
  flag: string | undefined;
  editor: QuestionCommentsEditor | null;
}) {
  const { question: q, answer, visible, critical, files, change, changedRound, flag, editor } = props;
  const { t } = useTranslation('review');
  const fmt = useFormatters();
  const failed = questionFails(q, answer, visible);
  const earned = answer && !answer.na && answer.value !== null && q.maxScore > 0 ? pointsEarned(q, answer.value) : null;
  return (
    <li
      className={[
        classes.question,
        critical ? classes.criticalFailed : failed ? classes.failed : '',
        change ? classes.changed : '',
      ].join(' ')}
    >
      <div className={classes.questionHead}>
        <Bdi className={classes.questionText}>{q.text}</Bdi>
        <span className={classes.labels}>
          {q.critical && (
            <Label variant={critical ? 'danger' : 'secondary'}>
              {critical ? t('answers.criticalFailed') : t('answers.critical')}
            </Label>
          )}
          {failed && !critical && <Label variant="attention">{t('answers.failed')}</Label>}
          {change && changedRound !== null && (
            <Label variant="accent">{t('answers.changed', { round: changedRound })}</Label>
          )}
        </span>
      </div>
      <div className={classes.answerLine}>
        <strong>
          <AnswerValue question={q} answer={answer} />
        </strong>
        {earned !== null && (
          <span className={classes.muted}>
            {' · '}
            <Ltr>{t('answers.points', { earned: fmt.number(earned), max: fmt.number(q.maxScore) })}</Ltr>
          </span>
        )}
      </div>
      {change && (
        <p className={classes.diffLine}>
          <span className={classes.muted}>{t('changes.before')}:</span>{' '}
          <AnswerValue question={q} answer={change.before} />
          <span aria-hidden="true"> → </span>
          <span className={classes.muted}>{t('changes.after')}:</span>{' '}
          <AnswerValue question={q} answer={change.after} />
        </p>
      )}
      {answer?.comment && (
        <p className={classes.comment}>
          <span className={classes.muted}>{t('answers.comment')}: </span>
          <Bdi>{answer.comment}</Bdi>
        </p>
      )}
      {answer && answer.fileIds.length > 0 && (
        <EvidenceThumbnails fileIds={answer.fileIds} files={files} question={q.text} />
      )}
      {flag && (
        <p className={classes.flag}>
          <CommentIcon size={14} /> <span className={classes.muted}>{t('answers.flagged')}: </span>
          <Bdi>{flag}</Bdi>
        </p>
      )}
      {editor && <QuestionCommentField question={q} editor={editor} />}
    </li>
  );
}

/** A reviewer's comment on one question: opened by a button, kept in the review draft. */
function QuestionCommentField({ question, editor }: { question: TQuestion; editor: QuestionCommentsEditor }) {
  const { t } = useTranslation('review');
  const value = editor.comments[question.key];
  const [open, setOpen] = useState(value !== undefined);
  if (!open) {
    // The visible words lead the accessible name; the question's text follows for screen readers.
    return (
      <div>
        <Button
          size="small"
          variant="invisible"
          leadingVisual={CommentIcon}
          aria-expanded={false}
          onClick={() => setOpen(true)}
        >
          {t('review.commentQuestion')}
          <span className={classes.visuallyHidden}>
            {': '}
            {question.text}
          </span>
        </Button>
      </div>
    );
  }
  return (
    <div className={classes.questionComment}>
      <FormControl>
        <FormControl.Label>{t('review.questionComment', { question: question.text })}</FormControl.Label>
        <Textarea
          block
          rows={2}
          value={value ?? ''}
          maxLength={2000}
          autoFocus={value === undefined}
          onChange={(e) => editor.set(question.key, e.target.value)}
        />
      </FormControl>
      <Button
        size="small"
        variant="invisible"
        leadingVisual={XIcon}
        onClick={() => {
          editor.set(question.key, null);
          setOpen(false);
        }}
      >
        {t('review.removeComment')}
      </Button>
    </div>
  );
}
