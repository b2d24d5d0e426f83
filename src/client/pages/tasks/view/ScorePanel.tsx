import { AlertIcon } from '@primer/octicons-react';
import { Label } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TQuestion } from '../../../../shared/schemas/schemes.ts';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import classes from './View.module.css';

/** The score, passed or not, each section's share and the failed critical questions. */
export function ScorePanel({
  task,
  passingScore,
  questions,
}: {
  task: TTaskDetail;
  passingScore: number | null;
  questions: ReadonlyMap<string, TQuestion>;
}) {
  const { t } = useTranslation('review');
  const fmt = useFormatters();
  const submitted = task.status === 'submitted' || task.status === 'approved' || task.status === 'rejected';
  return (
    <section aria-labelledby="task-score" className={classes.card}>
      <h2 id="task-score" className={classes.cardHeading}>
        {t('score.heading')}
      </h2>
      {task.score === null ? (
        <p className={classes.muted}>{submitted ? t('score.notCounted') : t('score.none')}</p>
      ) : (
        <>
          <p className={classes.scoreLine}>
            <Ltr className={classes.scoreValue}>{t('score.value', { score: fmt.number(task.score) })}</Ltr>
            <Label variant={task.passed ? 'success' : 'danger'}>
              {task.passed ? t('score.passed') : t('score.failed')}
            </Label>
          </p>
          {passingScore !== null && (
            <p className={classes.muted}>{t('score.passing', { score: fmt.number(passingScore) })}</p>
          )}
        </>
      )}
      {task.criticalFailures.length > 0 && (
        <div className={classes.criticalBox} role="note">
          <p className={classes.criticalTitle}>
            <AlertIcon size={16} /> {t('score.critical', { count: task.criticalFailures.length })}
          </p>
          <ul>
            {task.criticalFailures.map((key) => (
              <li key={key}>
                <Bdi>{questions.get(key)?.text ?? key}</Bdi>
              </li>
            ))}
          </ul>
        </div>
      )}
      {task.sectionScores.length > 0 && (
        <>
          <h3 className={classes.subHeading}>{t('score.sections')}</h3>
          <ul className={classes.bars}>
            {task.sectionScores.map((section) => (
              <li key={section.title}>
                <div className={classes.barLabel}>
                  <Bdi>{section.title}</Bdi>
                  <span>
                    {section.score === null ? t('score.sectionNotCounted') : <Ltr>{fmt.number(section.score)}</Ltr>}
                  </span>
                </div>
                {section.score !== null && (
                  <div className={classes.bar} aria-hidden="true">
                    <div
                      className={classes.barFill}
                      style={{ inlineSize: `${Math.max(0, Math.min(100, section.score))}%` }}
                    />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
