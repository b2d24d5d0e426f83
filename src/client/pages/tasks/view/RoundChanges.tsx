import { useTranslation } from 'react-i18next';
import type { TQuestion } from '../../../../shared/schemas/schemes.ts';
import type { TTaskHistory } from '../../../../shared/schemas/tasks.ts';
import { Bdi } from '../../../components/Bidi/index.ts';
import { AnswerValue } from './AnswerValue.tsx';
import classes from './View.module.css';

/** What the inspector changed since the previous round, question by question (before → after). */
export function RoundChanges({
  diff,
  questions,
}: {
  diff: NonNullable<TTaskHistory['diff']>;
  questions: ReadonlyMap<string, TQuestion>;
}) {
  const { t } = useTranslation('review');
  return (
    <section aria-labelledby="task-changes" className={classes.card}>
      <h2 id="task-changes" className={classes.cardHeading}>
        {t('changes.heading', { round: diff.fromRound })}
      </h2>
      {diff.changes.length === 0 ? (
        <p className={classes.muted}>{t('changes.none', { round: diff.fromRound })}</p>
      ) : (
        <table className={classes.diffTable}>
          <thead>
            <tr>
              <th scope="col">{t('answers.heading')}</th>
              <th scope="col">{t('changes.before')}</th>
              <th scope="col">{t('changes.after')}</th>
            </tr>
          </thead>
          <tbody>
            {diff.changes.map((change) => {
              const question = questions.get(change.questionKey);
              return (
                <tr key={change.questionKey}>
                  <th scope="row">
                    <Bdi>{question?.text ?? change.questionKey}</Bdi>
                  </th>
                  <td className={classes.before}>
                    <AnswerValue question={question} answer={change.before} />
                    {change.before?.comment && (
                      <span className={classes.muted}>
                        {' · '}
                        <Bdi>{change.before.comment}</Bdi>
                      </span>
                    )}
                  </td>
                  <td className={classes.after}>
                    <AnswerValue question={question} answer={change.after} />
                    {change.after?.comment && (
                      <span className={classes.muted}>
                        {' · '}
                        <Bdi>{change.after.comment}</Bdi>
                      </span>
                    )}
                    {change.filesAdded.length > 0 && (
                      <span> · {t('changes.photosAdded', { count: change.filesAdded.length })}</span>
                    )}
                    {change.filesRemoved.length > 0 && (
                      <span> · {t('changes.photosRemoved', { count: change.filesRemoved.length })}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
