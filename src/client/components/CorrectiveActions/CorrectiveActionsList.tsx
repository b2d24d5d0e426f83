// The corrective actions of one task or one location, as a short list linking to each action's panel
// on /tasks/actions. Used by the task details, the location dialog and (at merge) the task view page.
import { Link, Spinner, Text } from '@primer/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { useFormatters } from '../../lib/format.ts';
import { useSession } from '../../lib/session.tsx';
import { trpc } from '../../lib/trpc.ts';
import { Bdi } from '../Bidi/index.ts';
import { QueryError } from '../QueryError/index.ts';
import { ActionStatusLabel } from './ActionStatus.tsx';
import classes from './CorrectiveActions.module.css';

export type CorrectiveActionsScope = { taskId: number; locationId?: never } | { locationId: number; taskId?: never };

/**
 * Actions of a task (`taskId`) or a location (`locationId`), most urgent first; nothing for roles that
 * may not read them. Its strings load on first use inside its own Suspense boundary, so the page or
 * dialog around it never falls back while they load.
 */
export function CorrectiveActionsList(props: CorrectiveActionsScope & { headingLevel?: 2 | 3 | 4 }) {
  return (
    <Suspense fallback={<Spinner size="small" />}>
      <ActionsOf {...props} />
    </Suspense>
  );
}

function ActionsOf(props: CorrectiveActionsScope & { headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('actions');
  const fmt = useFormatters();
  const { ability } = useSession();
  // Whether the role reads any corrective action at all (a check on the type, so conditional rules count:
  // a team leader's team, an inspector's own). Which ones is the server's business: the list is scoped.
  const allowed = ability.can('read', 'CorrectiveAction');
  const filter = props.taskId !== undefined ? { taskId: props.taskId } : { locationId: props.locationId };
  const list = trpc.correctiveActions.list.useQuery(
    { ...filter, itemsPerPage: 50, sortBy: 'dueAt' },
    { enabled: allowed },
  );
  if (!allowed) return null;
  const Heading = `h${props.headingLevel ?? 3}` as const;
  const headingId = `corrective-actions-${props.taskId !== undefined ? `task-${props.taskId}` : `location-${props.locationId}`}`;
  const allHref = `/tasks/actions?${props.taskId !== undefined ? `taskId=${props.taskId}` : `locationId=${props.locationId}`}`;
  return (
    <section aria-labelledby={headingId} className={classes.section}>
      <Heading id={headingId} className={classes.heading}>
        {t('taskActions.title')}
        {list.data && list.data.total > 0 && <span className={classes.count}> ({fmt.number(list.data.total)})</span>}
      </Heading>
      {list.error ? (
        <QueryError title={t('taskActions.loadFailed')} error={list.error} onRetry={list.refetch} />
      ) : !list.data ? (
        <Spinner size="small" srText={t('loading')} />
      ) : list.data.items.length === 0 ? (
        <Text as="p" className={classes.muted}>
          {t('taskActions.empty')}
        </Text>
      ) : (
        <ul className={classes.list}>
          {list.data.items.map((action) => (
            <li key={action.id} className={classes.item}>
              <ActionStatusLabel status={action.status} overdue={action.overdue} />
              <div className={classes.itemBody}>
                <Link
                  as={RouterLink}
                  href={`/tasks/actions?id=${action.id}`}
                  aria-label={t('list.open', { question: action.questionText })}
                >
                  <Bdi>{action.questionText}</Bdi>
                </Link>
                <span className={classes.muted}>
                  {props.taskId !== undefined ? (
                    <Bdi>{action.location.code}</Bdi>
                  ) : (
                    t('list.taskLink', { id: action.taskId })
                  )}
                  {' · '}
                  {action.owner ? <Bdi>{action.owner.name}</Bdi> : t('list.noOwner')}
                  {' · '}
                  {t('list.dueText', { date: fmt.date(action.dueAt) })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {list.data && list.data.total > list.data.items.length && (
        <Link as={RouterLink} href={allHref}>
          {t('taskActions.all')}
        </Link>
      )}
    </section>
  );
}
