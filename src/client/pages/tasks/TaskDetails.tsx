import { LinkExternalIcon } from '@primer/octicons-react';
import { Banner, Link, Spinner, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { TaskPdfButton } from '../../components/TaskPdfButton/TaskPdfButton.tsx';
import { TaskStatusLabel } from '../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useErrorText } from '../../lib/error-text.ts';
import { useFormatters } from '../../lib/format.ts';
import { trpc } from '../../lib/trpc.ts';
import { useUnits } from '../../lib/units.ts';
import { TaskActions } from './actions/TaskActions.tsx';
import { TaskDetailsDialog } from './TaskDetailsDialog.tsx';
import { useTaskLinks } from './task-links.ts';
import classes from './Tasks.module.css';

/**
 * A task's details beside the list (tasks.byId): status, window, location, inspector, score, check-in
 * and reviews. Links to the view page and (for its inspector) the perform page, when the caller may open them.
 */
export function TaskDetails({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('workflow');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const units = useUnits();
  const taskLinks = useTaskLinks();
  const task = trpc.tasks.byId.useQuery({ id });
  const data = task.data;
  const title = data ? `${data.location.code} · ${data.location.name}` : t('tasks.details');
  const links = data ? taskLinks(data) : { view: null, perform: null };

  return (
    <TaskDetailsDialog
      title={title}
      subtitle={data ? `${data.project.code} · ${data.project.name}` : undefined}
      onClose={onClose}
    >
      {task.error ? (
        <Banner variant="critical" title={t('tasks.loadFailed')} description={errorText.error(task.error)} />
      ) : !data ? (
        <Spinner srText={t('loading')} />
      ) : (
        <div className={classes.details}>
          <dl className={classes.facts}>
            <div>
              <dt>{t('fields.status')}</dt>
              <dd>
                <TaskStatusLabel status={data.status} />
                {data.reworkCount > 0 && (
                  <span className={classes.muted}> · {t('tasks.rework', { count: data.reworkCount })}</span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('fields.window')}</dt>
              <dd>{fmt.window(data.startsAt, data.endsAt, data.timeZone)}</dd>
            </div>
            <div>
              <dt>{t('fields.location')}</dt>
              <dd>
                <span className={classes.code}>{data.location.code}</span> {data.location.name}
              </dd>
            </div>
            <div>
              <dt>{t('fields.inspector')}</dt>
              <dd>
                {data.assignee?.name ?? t('tasks.unassigned')}
                <span className={classes.muted}> · {data.team.name}</span>
              </dd>
            </div>
            <div>
              <dt>{t('fields.score')}</dt>
              <dd>
                {data.score == null
                  ? '—'
                  : t('tasks.scoreText', {
                      score: fmt.number(data.score),
                      result: data.passed ? t('tasks.passed') : t('tasks.failed'),
                    })}
              </dd>
            </div>
            {data.startedAt && (
              <div>
                <dt>{t('tasks.startedAt')}</dt>
                <dd>{fmt.zoned(data.startedAt, data.timeZone)}</dd>
              </div>
            )}
            {data.submittedAt && (
              <div>
                <dt>{t('tasks.submittedAt')}</dt>
                <dd>{fmt.zoned(data.submittedAt, data.timeZone)}</dd>
              </div>
            )}
            {data.checkIn && (
              <div>
                <dt>{t('tasks.checkIn')}</dt>
                <dd>
                  {data.checkIn.distanceM == null
                    ? fmt.zoned(data.checkIn.at, data.timeZone)
                    : t('tasks.checkInText', {
                        at: fmt.zoned(data.checkIn.at, data.timeZone),
                        distance: units.distance(Math.round(data.checkIn.distanceM)),
                      })}
                  {(data.checkInTiming === 'early' || data.checkInTiming === 'late') && (
                    <span className={classes.warning}> · {t(`tasks.checkInTiming.${data.checkInTiming}`)}</span>
                  )}
                  {data.outOfFence && (
                    <span className={classes.warning}>
                      {' '}
                      · {t('tasks.outOfFence', { reason: data.outOfFenceReason ?? '' })}
                    </span>
                  )}
                </dd>
              </div>
            )}
            {data.cancelReason && (
              <div>
                <dt>{t('tasks.cancelReason')}</dt>
                <dd>{data.cancelReason}</dd>
              </div>
            )}
          </dl>

          {data.criticalFailures.length > 0 && (
            <Banner
              variant="critical"
              title={t('tasks.criticalFailures', { count: data.criticalFailures.length })}
              description={data.criticalFailures.join(', ')}
            />
          )}

          {data.sectionScores.length > 0 && (
            <section aria-labelledby="task-sections">
              <h3 id="task-sections" className={classes.sectionTitle}>
                {t('tasks.sections')}
              </h3>
              <ul className={classes.plainList}>
                {data.sectionScores.map((section) => (
                  <li key={section.title}>
                    {section.title}: {section.score == null ? t('tasks.notCounted') : fmt.number(section.score)}
                  </li>
                ))}
              </ul>
            </section>
          )}

          <section aria-labelledby="task-reviews">
            <h3 id="task-reviews" className={classes.sectionTitle}>
              {t('tasks.reviews')}
            </h3>
            {data.reviews.length === 0 ? (
              <Text as="p" className={classes.muted}>
                {t('tasks.noReviews')}
              </Text>
            ) : (
              <ol className={classes.plainList}>
                {data.reviews.map((review) => (
                  <li key={`${review.round}-${String(review.at)}`}>
                    <Text weight="semibold">{t(`tasks.decision.${review.decision}`, { round: review.round })}</Text>{' '}
                    {t('tasks.reviewBy', { name: review.reviewer.name, at: fmt.zoned(review.at, data.timeZone) })}
                    {review.reason && <div>{t('tasks.reason', { reason: review.reason })}</div>}
                    {review.comment && <div className={classes.muted}>{review.comment}</div>}
                  </li>
                ))}
              </ol>
            )}
          </section>

          {data.status === 'approved' && <TaskActions taskId={data.id} />}

          <div className={classes.links}>
            <TaskPdfButton taskId={data.id} />
          </div>

          {(links.view || links.perform) && (
            <div className={classes.links}>
              {links.view && (
                <Link as={RouterLink} href={links.view}>
                  {t('tasks.openView')} <LinkExternalIcon size={12} />
                </Link>
              )}
              {links.perform && (
                <Link as={RouterLink} href={links.perform}>
                  {t('tasks.openPerform')}
                </Link>
              )}
            </div>
          )}
        </div>
      )}
    </TaskDetailsDialog>
  );
}
