// The corrective actions of a task or a location, for the tasks area's pages (task details side panel,
// /tasks/viewTask/{id}): `<TaskActions taskId={task.id} />` or `<TaskActions locationId={id} />`. The
// list itself lives in components/CorrectiveActions so that other areas (the location dialog) share it.
// For an approved task, a reviewer may also open an action for any failed question that has none yet.
import { Button, FormControl, Select, Spinner, Textarea } from '@primer/react';
import { type FormEvent, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answersByKey, isQuestionVisible, questionFails, questionsOf } from '../../../../shared/workflow/score.ts';
import { CorrectiveActionsList, type CorrectiveActionsScope } from '../../../components/CorrectiveActions/index.ts';
import { useNotice } from '../../../components/ListPage/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import classes from './Actions.module.css';

export function TaskActions(props: CorrectiveActionsScope & { headingLevel?: 2 | 3 | 4 }) {
  return (
    <div className={classes.details}>
      <CorrectiveActionsList {...props} />
      {props.taskId !== undefined && (
        <Suspense fallback={<Spinner size="small" />}>
          <OpenActionForm taskId={props.taskId} />
        </Suspense>
      )}
    </div>
  );
}

/** A reviewer opens an action for a failed question of an approved task (correctiveActions.create). */
function OpenActionForm({ taskId }: { taskId: number }) {
  const { t } = useTranslation('actions');
  const errorText = useErrorText();
  const can = useCan();
  const notices = useNotice();
  const utils = trpc.useUtils();
  const formId = useId();
  const task = trpc.tasks.byId.useQuery({ id: taskId });
  const allowed =
    !!task.data &&
    task.data.status === 'approved' &&
    can('create', 'CorrectiveAction', { teamId: task.data.teamId, customerId: task.data.customerId });
  const scheme = trpc.schemes.byId.useQuery({ id: task.data?.schemeId ?? 0 }, { enabled: allowed });
  const actions = trpc.correctiveActions.list.useQuery(
    { taskId, itemsPerPage: 50, sortBy: 'dueAt' },
    { enabled: allowed },
  );
  const create = trpc.correctiveActions.create.useMutation();
  const [questionKey, setQuestionKey] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const failed = useMemo(() => {
    if (!task.data || !scheme.data || !actions.data) return [];
    const questions = questionsOf(scheme.data);
    const byKey = answersByKey(task.data.answers);
    const live = new Set(actions.data.items.filter((a) => a.status !== 'cancelled').map((a) => a.questionKey));
    return [...questions.values()].filter(
      (q) => !live.has(q.key) && questionFails(q, byKey.get(q.key), isQuestionVisible(q, byKey, questions)),
    );
  }, [task.data, scheme.data, actions.data]);

  if (!allowed || failed.length === 0) return null;
  const chosen = failed.some((q) => q.key === questionKey) ? questionKey : failed[0].key;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await create.mutateAsync({ taskId, questionKey: chosen, ...(note.trim() ? { note } : {}) });
      setNote('');
      setError(null);
      await utils.correctiveActions.list.invalidate();
      notices.success(t('taskActions.opened'));
    } catch (e) {
      setError(errorText.error(e));
    }
  };

  return (
    <form className={classes.form} onSubmit={(e) => void submit(e)} aria-labelledby={`${formId}-open`} noValidate>
      <h4 id={`${formId}-open`} className={classes.sectionTitle}>
        {t('taskActions.openTitle')}
      </h4>
      <FormControl>
        <FormControl.Label>{t('taskActions.question')}</FormControl.Label>
        <Select block value={chosen} onChange={(e) => setQuestionKey(e.target.value)}>
          {failed.map((q) => (
            <Select.Option key={q.key} value={q.key}>
              {q.text}
            </Select.Option>
          ))}
        </Select>
      </FormControl>
      <FormControl>
        <FormControl.Label>{t('taskActions.note')}</FormControl.Label>
        <Textarea block rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
        {error && <FormControl.Validation variant="error">{error}</FormControl.Validation>}
      </FormControl>
      <div>
        <Button type="submit" loading={create.isPending}>
          {t('taskActions.openSubmit')}
        </Button>
      </div>
    </form>
  );
}
