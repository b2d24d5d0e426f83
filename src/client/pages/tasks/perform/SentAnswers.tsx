// What a submitted inspection sent, for its inspector: the result with the critical questions that
// failed (by their text), then every answered question with its answer, comment and photos, read-only.
import { AlertIcon } from '@primer/octicons-react';
import { Banner } from '@primer/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { TQuestion, TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import type { TAnswer, TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import classes from './Perform.module.css';

/** The banner of a submitted or approved task, the failed critical questions, and the answers as sent. */
export function SentAnswers({ task, scheme }: { task: TTaskDetail; scheme: TSchemeDetail }) {
  const { t } = useTranslation('perform');
  const fmt = useFormatters();
  const headingId = useId();
  const questions = new Map(scheme.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
  const answers = new Map(task.answers.map((a) => [a.questionKey, a]));
  const failed = task.criticalFailures.map((key) => questions.get(key)?.text ?? key);
  return (
    <>
      <Banner
        variant={task.passed === false ? 'warning' : 'success'}
        title={t(`done.${task.status === 'approved' ? 'approved' : 'submitted'}`)}
        description={
          task.score === null
            ? t('done.noScore')
            : t('done.score', {
                score: fmt.number(task.score),
                result: task.passed ? t('done.passed') : t('done.failed'),
              })
        }
      />
      {failed.length > 0 && (
        <div className={classes.card} role="note" aria-label={t('sent.criticalFailed', { count: failed.length })}>
          <p>
            <AlertIcon size={16} /> <strong>{t('sent.criticalFailed', { count: failed.length })}</strong>
          </p>
          <ul>
            {failed.map((text) => (
              <li key={text}>
                <Bdi>{text}</Bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
      <section className={classes.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={classes.sectionTitle}>
          {t('sent.title')}
        </h2>
        {task.submittedAt && <p className={classes.muted}>{t('sent.at', { at: fmt.dateTime(task.submittedAt) })}</p>}
        {scheme.sections.map((section) => {
          const answered = section.questions.filter((q) => answers.has(q.key));
          if (!answered.length) return null;
          return (
            <div key={section.id}>
              <h3 className={classes.sectionTitle}>
                <Bdi>{section.title}</Bdi>
              </h3>
              <dl className={classes.facts}>
                {answered.map((q) => {
                  const answer = answers.get(q.key)!;
                  return (
                    <div key={q.key}>
                      <dt>
                        <Bdi>{q.text}</Bdi>
                      </dt>
                      <dd>
                        <SentValue question={q} answer={answer} />
                        {answer.comment && (
                          <span className={classes.muted}>
                            {' · '}
                            <Bdi>{answer.comment}</Bdi>
                          </span>
                        )}
                        {answer.fileIds.length > 0 && (
                          <span className={classes.muted}> · {t('sent.photos', { count: answer.fileIds.length })}</span>
                        )}
                      </dd>
                    </div>
                  );
                })}
              </dl>
            </div>
          );
        })}
      </section>
    </>
  );
}

function SentValue({ question, answer }: { question: TQuestion; answer: TAnswer }) {
  const { t } = useTranslation('perform');
  const fmt = useFormatters();
  if (answer.na) return <span>{t('sent.na')}</span>;
  const value = answer.value;
  if (value === null) return <span>{t('sent.noValue')}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('sent.yes') : t('sent.no')}</span>;
  if (typeof value === 'number')
    return (
      <Ltr>
        {question.type === 'score' ? `${fmt.number(value)} / ${fmt.number(question.maxScore)}` : fmt.number(value)}
      </Ltr>
    );
  const option = question.type === 'choice' ? question.options.find((o) => o.value === value) : undefined;
  return <Bdi>{option?.label ?? value}</Bdi>;
}
