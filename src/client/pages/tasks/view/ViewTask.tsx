import { ArrowLeftIcon, PlayIcon } from '@primer/octicons-react';
import { Banner, Heading, Label, LinkButton, Spinner } from '@primer/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'wouter';
import type { TAnswerChange, TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import { taskPerformPath } from '../../../../shared/workflow/task-links.ts';
import { Bdi, Ltr } from '../../../components/Bidi/index.ts';
import { NoticeArea, useNotice } from '../../../components/ListPage/index.ts';
import { QueryError } from '../../../components/QueryError/index.ts';
import { TaskPdfButton } from '../../../components/TaskPdfButton/TaskPdfButton.tsx';
import { TaskStatusLabel } from '../../../components/WorkflowStatus/WorkflowStatus.tsx';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.tsx';
import { openableHref } from '../../../shell/links.ts';
import { TaskActions } from '../actions/TaskActions.tsx';
import { AnswerList } from './AnswerList.tsx';
import { CheckInPanel } from './CheckInPanel.tsx';
import { HistoryList } from './HistoryList.tsx';
import { ReviewPanel } from './ReviewPanel.tsx';
import { RoundChanges } from './RoundChanges.tsx';
import { ScorePanel } from './ScorePanel.tsx';
import { useReviewDraft } from './useReviewDraft.ts';
import { useTaskView } from './useTaskView.ts';
import classes from './View.module.css';

/** The task's view page: header and facts, answers, score, check-in, changes since the last round, history, review. */
export function ViewTask({ id }: { id: number }) {
  const { t } = useTranslation('review');
  const view = useTaskView(id);
  const { task } = view;

  if (task.error) {
    return (
      <div className={classes.page}>
        <BackLink />
        <QueryError
          title={t('loadFailed')}
          error={task.error}
          onRetry={task.error.data?.code === 'NOT_FOUND' ? undefined : task.refetch}
        />
      </div>
    );
  }
  if (!task.data) {
    return (
      <div className={classes.page} aria-busy="true">
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return <Loaded task={task.data} view={view} />;
}

function BackLink() {
  const { t } = useTranslation('review');
  return (
    <RouterLink href="/tasks" className={classes.back}>
      <ArrowLeftIcon size={16} className={classes.flipRtl} /> {t('back')}
    </RouterLink>
  );
}

function Loaded({ task, view }: { task: TTaskDetail; view: ReturnType<typeof useTaskView> }) {
  const { t } = useTranslation('review');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const can = useCan();
  const { user, ability } = useSession();
  const notices = useNotice();
  const [, navigate] = useLocation();
  const draft = useReviewDraft(task.id);
  const history = view.history.data;
  const changes = useMemo(
    () => new Map<string, TAnswerChange>((history?.diff?.changes ?? []).map((c) => [c.questionKey, c])),
    [history],
  );
  const performer = user?.id === task.assigneeId;
  // The server decides (analyst, the team's leader; never the performer); this only hides what it would refuse.
  const reviewer =
    task.status === 'submitted' &&
    !performer &&
    can('review', 'Task', { teamId: task.teamId, assigneeId: task.assigneeId });
  const mayPerform =
    performer && (task.status === 'scheduled' || task.status === 'in_progress' || task.status === 'rejected');
  const filesHref = user ? openableHref(`/files?taskId=${task.id}`, ability, user.role_name) : null;
  const performHref =
    mayPerform && user ? openableHref(taskPerformPath(task.slotId, task.assignmentId), ability, user.role_name) : null;

  return (
    <div className={classes.page}>
      <BackLink />
      <header className={classes.header}>
        <div className={classes.titleBlock}>
          <Heading as="h1" className={classes.title}>
            <Ltr>{task.location.code}</Ltr> · <Bdi>{task.location.name}</Bdi>
          </Heading>
          <p className={classes.subtitle}>
            <Ltr>{task.project.code}</Ltr> · <Bdi>{task.project.name}</Bdi>
          </p>
        </div>
        <div className={classes.headerActions}>
          {performHref && (
            <LinkButton
              href={performHref}
              variant="primary"
              leadingVisual={PlayIcon}
              onClick={(event) => {
                event.preventDefault();
                navigate(performHref);
              }}
            >
              {t('perform')}
            </LinkButton>
          )}
          <TaskPdfButton taskId={task.id} />
        </div>
      </header>
      <NoticeArea notices={notices} />
      <dl className={classes.facts}>
        <div>
          <dt>{t('facts.status')}</dt>
          <dd>
            <TaskStatusLabel status={task.status} />
            {task.reworkCount > 0 && (
              <Label className={classes.spaced}>{t('facts.rework', { count: task.reworkCount })}</Label>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('facts.window')}</dt>
          <dd>{fmt.window(task.startsAt, task.endsAt, task.timeZone)}</dd>
        </div>
        <div>
          <dt>{t('facts.inspector')}</dt>
          <dd>
            <Bdi>{task.assignee?.name ?? t('facts.unassigned')}</Bdi> · <Bdi>{task.team.name}</Bdi>
          </dd>
        </div>
        {task.submittedAt && (
          <div>
            <dt>{t('facts.submittedAt')}</dt>
            <dd>{fmt.zoned(task.submittedAt, task.timeZone)}</dd>
          </div>
        )}
      </dl>
      {performer && task.status === 'submitted' && <p className={classes.muted}>{t('review.performer')}</p>}

      <div className={classes.layout}>
        <div className={classes.main}>
          {history?.diff && <RoundChanges diff={history.diff} questions={view.questions} />}
          <section aria-labelledby="task-answers" className={classes.card}>
            <div className={classes.cardHead}>
              <h2 id="task-answers" className={classes.cardHeading}>
                {t('answers.heading')}
              </h2>
              {filesHref && (view.files.data?.total ?? 0) > 0 && (
                <RouterLink href={filesHref} className={classes.back}>
                  {t('answers.taskFiles')}
                </RouterLink>
              )}
            </div>
            {view.scheme.error ? (
              <Banner
                variant="critical"
                title={t('answers.schemeFailed')}
                description={errorText.error(view.scheme.error)}
              />
            ) : !view.scheme.data ? (
              <Spinner size="small" srText={t('loading')} />
            ) : (
              <AnswerList
                task={task}
                scheme={view.scheme.data}
                files={view.filesById}
                changes={changes}
                changedRound={history?.diff?.toRound ?? null}
                editor={reviewer ? { comments: draft.draft.questionComments, set: draft.setQuestionComment } : null}
              />
            )}
          </section>
          {task.status === 'approved' && <TaskActions taskId={task.id} headingLevel={2} />}
        </div>
        <div className={classes.side}>
          {reviewer && <ReviewPanel task={task} draft={draft} notices={notices} />}
          <ScorePanel task={task} passingScore={view.scheme.data?.passingScore ?? null} questions={view.questions} />
          <CheckInPanel task={task} />
          {view.history.error ? (
            <Banner variant="critical" title={t('loadFailed')} description={errorText.error(view.history.error)} />
          ) : history ? (
            <HistoryList events={history.events} timeZone={task.timeZone} />
          ) : (
            <Spinner size="small" srText={t('loading')} />
          )}
        </div>
      </div>
    </div>
  );
}
