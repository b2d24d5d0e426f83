import { useTranslation } from 'react-i18next';
import type { TTaskHistory } from '../../../../shared/schemas/tasks.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useUnits } from '../../../lib/units.ts';
import classes from './View.module.css';

/**
 * Every transition of the task, oldest first: what, who (or the system), when (on the location's clock,
 * `timeZone`, the zone named where it differs from the reader's), and its reason or note.
 */
export function HistoryList({ events, timeZone }: { events: TTaskHistory['events']; timeZone: string }) {
  const { t } = useTranslation('review');
  const fmt = useFormatters();
  const units = useUnits();
  return (
    <section aria-labelledby="task-history" className={classes.card}>
      <h2 id="task-history" className={classes.cardHeading}>
        {t('history.heading')}
      </h2>
      {events.length === 0 ? (
        <p className={classes.muted}>{t('history.empty')}</p>
      ) : (
        <ol className={classes.timeline}>
          {events.map((e) => (
            <li key={e.id} className={classes.event} data-action={e.action}>
              <p className={classes.eventHead}>
                <strong>{t(`history.action.${e.action}`)}</strong>
                {e.round !== null && <span className={classes.muted}> · {t('history.round', { round: e.round })}</span>}
                {e.score !== null && (
                  <span className={classes.muted}>
                    {' · '}
                    <Ltr>{t('history.score', { score: fmt.number(e.score) })}</Ltr>
                  </span>
                )}
              </p>
              <p className={classes.muted}>
                <Bdi>{e.actor?.name || t('history.system')}</Bdi> ·{' '}
                <time dateTime={e.at.toISOString()}>{fmt.zoned(e.at, timeZone)}</time>
              </p>
              {e.action === 'start' && e.distanceM !== null && (
                <p className={e.outOfFence ? classes.warningText : classes.muted}>
                  {e.outOfFence
                    ? t('history.outOfFence', { distance: units.distance(Math.round(e.distanceM)) })
                    : t('history.distance', { distance: units.distance(Math.round(e.distanceM)) })}
                </p>
              )}
              {e.action === 'start' && e.offline && <p className={classes.warningText}>{t('history.startOffline')}</p>}
              {e.keptAnswers && e.keptAnswers.length > 0 && (
                <>
                  <p className={classes.muted}>{t('history.kept')}</p>
                  <ul>
                    {e.keptAnswers.map((a) => (
                      <li key={a.questionKey}>
                        <Ltr>{a.questionKey}</Ltr>:{' '}
                        <Bdi>{keptText(a, t('history.na'), t('answers.yes'), t('answers.no'))}</Bdi>
                        {a.comment ? (
                          <>
                            {' · '}
                            <Bdi>{a.comment}</Bdi>
                          </>
                        ) : null}
                        {a.fileIds && a.fileIds.length > 0 && (
                          <span className={classes.keptFiles}>
                            {a.fileIds.map((id, i) => (
                              <a key={id} href={`/api/files/${id}?inline=1`} target="_blank" rel="noreferrer">
                                <img
                                  src={`/api/files/${id}?thumbnail=1`}
                                  alt={t('history.keptPhoto', { n: i + 1, question: a.questionKey })}
                                  width={72}
                                  height={72}
                                  loading="lazy"
                                />
                              </a>
                            ))}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {e.filesNotSent ? (
                <p className={classes.warningText}>{t('history.filesNotSent', { count: e.filesNotSent })}</p>
              ) : null}
              {e.reason && (
                <p>
                  <span className={classes.muted}>{t('history.reason')}: </span>
                  <Bdi>{e.reason}</Bdi>
                </p>
              )}
              {e.comment && (
                <p>
                  <span className={classes.muted}>{t('history.comment')}: </span>
                  <Bdi>{e.comment}</Bdi>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A kept answer's value as text (yes/no, numbers and choices as sent; N/A in the reader's words). */
function keptText(
  a: NonNullable<TTaskHistory['events'][number]['keptAnswers']>[number],
  na: string,
  yes: string,
  no: string,
): string {
  if (a.na) return na;
  if (a.value === undefined || a.value === null) return '—';
  if (typeof a.value === 'boolean') return a.value ? yes : no;
  return String(a.value);
}
