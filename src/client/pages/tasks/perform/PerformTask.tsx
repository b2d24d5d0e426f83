// /tasks/perform_task/{slotId}/{assignLocationId}: the task of a slot of an assignment, for its
// inspector. Loads the task (tasks.bySlot) and its pinned scheme version (schemes.byId), then shows the
// step its status calls for: check in, the checklist, the reviewer's reason and Resume for a rejected
// task, or why there is nothing to do (not found, not yours, submitted, missed, cancelled).
import { Banner, Button, Link, Spinner } from '@primer/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import type { TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { answersByKey, isQuestionVisible, questionFails, questionsOf } from '../../../../shared/workflow/score.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { type CachedTask, loadOffline } from '../../../offline/index.ts';
import { CheckIn } from './CheckIn.tsx';
import { Checklist } from './Checklist.tsx';
import { SentAnswers } from './SentAnswers.tsx';
import { usePerformSync } from './usePerformSync.ts';
import classes from './Perform.module.css';

export function PerformTask({ slotId, assignmentId }: { slotId: number; assignmentId: number }) {
  const { t } = useTranslation('perform');
  const valid = Number.isInteger(slotId) && slotId > 0 && Number.isInteger(assignmentId) && assignmentId > 0;
  const task = trpc.tasks.bySlot.useQuery(
    { slotId, assignmentId },
    { enabled: valid, retry: (n, e) => e.data?.code !== 'NOT_FOUND' && n < 2 },
  );
  const scheme = trpc.schemes.byId.useQuery(
    { id: task.data?.schemeId ?? 0 },
    { enabled: !!task.data, staleTime: Infinity },
  );
  const kept = useKeptTask(slotId, assignmentId, valid, task.data, scheme.data);
  // Without the server (offline, or it cannot be reached), the task as the device kept it.
  const unreachable = (error: { data?: unknown } | null) =>
    !!error && !(error.data as { httpStatus?: number })?.httpStatus;
  const fromDevice =
    !!kept &&
    (!task.data || !scheme.data) &&
    (task.isPaused || scheme.isPaused || unreachable(task.error) || unreachable(scheme.error));

  if (!valid || task.error?.data?.code === 'NOT_FOUND') return <Empty title={t('notFound')} body={t('notFoundHelp')} />;
  if (fromDevice && kept) {
    return <Loaded task={kept.task} scheme={kept.scheme} refetch={() => void task.refetch()} fromDevice />;
  }
  if (task.error || scheme.error)
    return (
      <Empty
        title={t('loadFailed')}
        body={(task.error ?? scheme.error)?.message ?? ''}
        retry={() => void (task.error ? task.refetch() : scheme.refetch())}
      />
    );
  if (!task.data || !scheme.data) {
    return (
      <div className={classes.page}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <Loaded task={task.data} scheme={scheme.data} refetch={() => void task.refetch()} />;
}

/**
 * The task as the device keeps it (offline/cache.ts, encrypted): read when the page opens, and kept
 * again each time the server answers, so a task opened once opens offline too.
 */
function useKeptTask(
  slotId: number,
  assignmentId: number,
  valid: boolean,
  task: TTaskDetail | undefined,
  scheme: TSchemeDetail | undefined,
): CachedTask | null {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [kept, setKept] = useState<CachedTask | null>(null);
  useEffect(() => {
    if (!valid || userId === null) return;
    let cancelled = false;
    void loadOffline().then(async (layer) => {
      layer.startOffline(userId);
      const found = await layer.cachedTask(slotId, assignmentId).catch(() => undefined);
      if (!cancelled && found) setKept(found);
    });
    return () => {
      cancelled = true;
    };
  }, [slotId, assignmentId, valid, userId]);
  useEffect(() => {
    if (!task || !scheme || task.schemeId !== scheme.id || userId === null || task.assigneeId !== userId) return;
    void loadOffline().then((layer) => {
      layer.startOffline(userId);
      return layer.rememberTask({ task, scheme, savedAt: new Date() });
    });
  }, [task, scheme, userId]);
  return kept;
}

function Loaded({
  task: served,
  scheme,
  refetch,
  fromDevice = false,
}: {
  task: TTaskDetail;
  scheme: TSchemeDetail;
  refetch: () => void;
  fromDevice?: boolean;
}) {
  const { t } = useTranslation('perform');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const { user } = useSession();
  const mine = user !== null && served.assigneeId === user.id;
  const open = mine && (served.status === 'scheduled' || served.status === 'in_progress');
  const sync = usePerformSync(served.id, served.answers, open);
  // A check-in made offline counts at once: the inspector works on while it waits to be sent (and until
  // the server's fresh answer replaces the one from before it was sent).
  const [checkedIn, setCheckedIn] = useState(false);
  const startWaiting = sync.startWaiting !== null;
  useEffect(() => {
    if (startWaiting) setCheckedIn(true);
  }, [startWaiting]);
  const task: TTaskDetail =
    served.status === 'scheduled' && (startWaiting || checkedIn) ? { ...served, status: 'in_progress' } : served;
  const resume = trpc.tasks.resume.useMutation({ onSuccess: refetch });
  const lastReview = task.reviews.at(-1);
  const rejected =
    lastReview?.decision === 'rejected' && (task.status === 'rejected' || task.status === 'in_progress')
      ? lastReview
      : undefined;
  // In a rework round: the questions the reviewer commented on (with the comment), and those that failed
  // in the round sent back.
  const flagged = useMemo(() => {
    const marks = new Map<string, string | null>();
    if (!rejected) return marks;
    const questions = questionsOf(scheme);
    const byKey = answersByKey(task.answers);
    for (const q of questions.values())
      if (isQuestionVisible(q, byKey, questions) && questionFails(q, byKey.get(q.key), true)) marks.set(q.key, null);
    for (const c of rejected.questionComments) marks.set(c.questionKey, c.comment);
    return marks;
    // The answers as reviewed: the first ones this page got.
  }, [rejected, scheme]);

  let body: React.ReactNode;
  if (!mine)
    body = (
      <Banner
        variant="warning"
        title={t('notYours')}
        description={t('notYoursHelp', { name: task.assignee?.name ?? t('nobody') })}
      />
    );
  else if (task.status === 'scheduled') body = <CheckIn task={task} sync={sync} onStarted={refetch} />;
  else if (task.status === 'in_progress' && sync.submitWaiting)
    body = <Banner variant="success" title={t('offline.submitQueued')} />;
  else if (task.status === 'in_progress')
    body = sync.ready ? (
      <Checklist task={task} scheme={scheme} sync={sync} flagged={flagged} />
    ) : (
      <Spinner srText={t('loading')} />
    );
  else if (task.status === 'rejected')
    body = (
      <div className={classes.card}>
        {resume.error && (
          <Banner variant="critical" title={t('resumeFailed')} description={errorText.error(resume.error)} />
        )}
        <Button
          variant="primary"
          size="large"
          block
          onClick={() => resume.mutate({ id: task.id, version: task.version })}
          loading={resume.isPending}
        >
          {t('resume')}
        </Button>
      </div>
    );
  else if (task.status === 'submitted' || task.status === 'approved')
    body = <SentAnswers task={task} scheme={scheme} />;
  else
    body = (
      <Banner
        variant="warning"
        title={t(`closed.${task.status}`)}
        description={task.cancelReason ?? t('closed.help')}
      />
    );

  return (
    <div className={classes.page}>
      <header className={classes.header}>
        <h1 className={classes.title}>
          <Ltr>{task.location.code}</Ltr> · <Bdi>{task.location.name}</Bdi>
        </h1>
        <p className={classes.muted}>
          <Ltr>{task.project.code}</Ltr> · <Bdi>{task.project.name}</Bdi> ·{' '}
          <Bdi>{fmt.window(task.startsAt, task.endsAt, task.timeZone)}</Bdi>
        </p>
        <p className={classes.muted}>
          <Bdi>{scheme.name}</Bdi> · {t('schemeVersion', { version: scheme.version })}
        </p>
      </header>
      {fromDevice && <p className={classes.muted}>{t('offline.fromDevice')}</p>}
      {sync.conflict && (
        <Banner
          variant="critical"
          title={t('offline.conflictTitle')}
          description={
            <>
              {t('offline.conflictBody', { count: sync.conflict.answers })}{' '}
              {t('offline.conflictReason', { reason: errorText.error(sync.conflict.error) })}
            </>
          }
        />
      )}
      {sync.startWaiting && task.status === 'in_progress' && (
        <p className={classes.muted}>
          {t('offline.checkedInOffline', { at: fmt.dateTime(new Date(sync.startWaiting.checkedInAt)) })}
        </p>
      )}
      {rejected && (
        <Banner
          variant="critical"
          title={t('rejected', { name: rejected.reviewer.name, at: fmt.zoned(rejected.at, task.timeZone) })}
          description={
            <>
              <Bdi>{rejected.reason ?? ''}</Bdi>
              {flagged.size > 0 && <span> {t('flaggedHelp', { count: flagged.size })}</span>}
            </>
          }
        />
      )}
      {task.outOfFence && task.status === 'in_progress' && (
        <Banner variant="warning" title={t('outOfFence')} description={task.outOfFenceReason ?? ''} />
      )}
      {body}
      <Link as={RouterLink} href="/tasks">
        {t('backToTasks')}
      </Link>
    </div>
  );
}

function Empty({ title, body, retry }: { title: string; body: string; retry?: () => void }) {
  const { t } = useTranslation('perform');
  return (
    <div className={classes.page}>
      <h1 className={classes.title}>{title}</h1>
      <p className={classes.muted}>{body}</p>
      <div className={classes.row}>
        {retry && <Button onClick={retry}>{t('tryAgain')}</Button>}
        <Link as={RouterLink} href="/tasks">
          {t('backToTasks')}
        </Link>
      </div>
    </div>
  );
}
