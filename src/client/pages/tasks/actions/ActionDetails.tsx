import { PaperclipIcon, XIcon } from '@primer/octicons-react';
import {
  Banner,
  Button,
  Dialog,
  FormControl,
  IconButton,
  Link,
  Select,
  Spinner,
  Text,
  Textarea,
  TextInput,
} from '@primer/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'wouter';
import { type FieldIssue, isStaleRecordError, parseError } from '../../../../shared/errors.ts';
import type { TCorrectiveAction } from '../../../../shared/schemas/corrective-actions.ts';
import { pageExists, routeByName } from '../../../app/routes.tsx';
import { Bdi } from '../../../components/Bidi/index.ts';
import { ActionStatusLabel } from '../../../components/CorrectiveActions/index.ts';
import { FilePicker } from '../../../components/FilePicker/index.ts';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useCan } from '../../../lib/can.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { toDateInput, useFormatters } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { uploadFile } from '../../../lib/upload.ts';
import classes from './Actions.module.css';

interface Failure {
  error: unknown;
  fields: Record<string, FieldIssue[]>;
  stale: boolean;
}

function failureOf(error: unknown): Failure {
  return { error, fields: parseError(error).fieldIssues, stale: isStaleRecordError(error) };
}

/** What an action's record looks like to the ability rules. */
const recordOf = (a: TCorrectiveAction) => ({
  id: a.id,
  customerId: a.customerId,
  teamId: a.teamId,
  ownerId: a.owner?.id ?? null,
});

interface EditDraft {
  ownerId: string;
  dueAt: string;
  note: string;
}

/**
 * One corrective action beside the list (correctiveActions.byId): its facts, then what the caller may
 * do in its state: complete (owner: a note and evidence files), verify (reviewer), edit owner, due
 * date and note, cancel with a reason. Typed text survives a refusal or a stale version (the record is
 * reloaded, the text kept) and closing asks first while something is typed.
 */
export function ActionDetails({
  id,
  onClose,
  onChanged,
}: {
  id: number;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const { t } = useTranslation('actions');
  const errorText = useErrorText();
  const fmt = useFormatters();
  const can = useCan();
  const { user } = useSession();
  const utils = trpc.useUtils();
  const query = trpc.correctiveActions.byId.useQuery({ id });
  const action = query.data;
  const formId = useId();

  const [completionNote, setCompletionNote] = useState('');
  const [files, setFiles] = useState<{ id: number; name: string }[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [draft, setDraft] = useState<EditDraft | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);

  const initialDraft = (a: TCorrectiveAction): EditDraft => ({
    ownerId: a.owner ? String(a.owner.id) : '',
    dueAt: toDateInput(a.dueAt),
    note: a.note ?? '',
  });
  useEffect(() => {
    if (action && draft === null) setDraft(initialDraft(action));
  }, [action, draft]);
  const editDirty = !!action && !!draft && JSON.stringify(draft) !== JSON.stringify(initialDraft(action));
  const dirty = completionNote.trim() !== '' || files.length > 0 || reason.trim() !== '' || editDirty;
  const guard = useUnsavedChangesGuard(dirty);
  const close = async () => {
    if (await guard.confirmDiscard()) onClose();
  };

  // Whoever marked it done does not verify their own fix (the server refuses it too).
  const fixedByMe = !!action?.doneBy && action.doneBy.id === user?.id;
  const readsUsers = can('read', 'User');
  const mayEdit =
    !!action &&
    (action.status === 'open' || action.status === 'done') &&
    can('update', 'CorrectiveAction', recordOf(action));
  const users = trpc.users.list.useQuery(
    { itemsPerPage: -1, sortBy: 'fullName', status: 'active' },
    { staleTime: 30_000, enabled: mayEdit && readsUsers },
  );

  const settled = async (message: string) => {
    setFailure(null);
    await Promise.all([utils.correctiveActions.byId.invalidate({ id }), utils.correctiveActions.list.invalidate()]);
    onChanged(message);
  };
  const refused = async (error: unknown) => {
    const f = failureOf(error);
    setFailure(f);
    if (f.stale) {
      await query.refetch();
    }
  };

  const complete = trpc.correctiveActions.complete.useMutation();
  const verify = trpc.correctiveActions.verify.useMutation();
  const update = trpc.correctiveActions.update.useMutation();
  const cancel = trpc.correctiveActions.cancel.useMutation();
  const busy = complete.isPending || verify.isPending || update.isPending || cancel.isPending || uploading !== null;

  const addFiles = async (list: readonly File[]) => {
    setUploadError(null);
    for (const file of list) {
      setUploading(file.name);
      try {
        const uploaded = await uploadFile(file, () => {}).done;
        setFiles((current) => [...current, { id: uploaded.id, name: uploaded.name }]);
      } catch (error) {
        setUploadError(t('complete.uploadFailed', { name: file.name, message: (error as Error).message || '—' }));
      }
    }
    setUploading(null);
  };

  const onComplete = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    try {
      await complete.mutateAsync({
        id: action.id,
        version: action.version,
        note: completionNote,
        fileIds: files.map((f) => f.id),
      });
      setCompletionNote('');
      setFiles([]);
      await settled(t('complete.done'));
    } catch (error) {
      await refused(error);
    }
  };
  const onVerify = async () => {
    if (!action) return;
    try {
      await verify.mutateAsync({ id: action.id, version: action.version });
      await settled(t('verify.done'));
    } catch (error) {
      await refused(error);
    }
  };
  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    if (!action || !draft) return;
    try {
      const saved = await update.mutateAsync({
        id: action.id,
        version: action.version,
        ...(draft.ownerId ? { ownerId: Number(draft.ownerId) } : {}),
        ...(draft.dueAt && draft.dueAt !== toDateInput(action.dueAt)
          ? { dueAt: new Date(`${draft.dueAt}T12:00:00Z`) }
          : {}),
        note: draft.note.trim() || null,
      });
      setDraft(initialDraft(saved));
      await settled(t('edit.saved'));
    } catch (error) {
      await refused(error);
    }
  };
  const onCancel = async (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    try {
      await cancel.mutateAsync({ id: action.id, version: action.version, reason });
      setReason('');
      await settled(t('cancel.done'));
    } catch (error) {
      await refused(error);
    }
  };

  const fieldError = (field: string) => {
    const issue = failure?.fields[field]?.[0];
    return issue ? errorText.issue(issue) : undefined;
  };
  const viewPage = pageExists(routeByName('tasks-viewTask-id'));

  return (
    <Dialog
      title={action ? <Bdi>{action.questionText}</Bdi> : t('details.title')}
      subtitle={action ? `${action.location.code} · ${action.location.name}` : undefined}
      position={{ narrow: 'fullscreen', regular: 'right' }}
      width="large"
      onClose={() => void close()}
      footerButtons={[{ content: t('close'), onClick: () => void close() }]}
    >
      {query.error ? (
        <Banner variant="critical" title={t('details.loadFailed')} description={errorText.error(query.error)} />
      ) : !action ? (
        <Spinner srText={t('loading')} />
      ) : (
        <div className={classes.details}>
          {failure && (
            <Banner
              variant={failure.stale ? 'warning' : 'critical'}
              title={
                failure.stale ? t('errors.stale') : t('errors.failed', { message: errorText.error(failure.error) })
              }
              onDismiss={() => setFailure(null)}
            />
          )}
          <dl className={classes.facts}>
            <div>
              <dt>{t('fields.status')}</dt>
              <dd>
                <ActionStatusLabel status={action.status} overdue={action.overdue} />
              </dd>
            </div>
            <div>
              <dt>{t('fields.question')}</dt>
              <dd>
                <Bdi>{action.questionText}</Bdi>
              </dd>
            </div>
            <div>
              <dt>{t('fields.location')}</dt>
              <dd>
                <span className={classes.code}>{action.location.code}</span> <Bdi>{action.location.name}</Bdi>
              </dd>
            </div>
            <div>
              <dt>{t('fields.project')}</dt>
              <dd>
                <span className={classes.code}>{action.project.code}</span> <Bdi>{action.project.name}</Bdi>
              </dd>
            </div>
            <div>
              <dt>{t('fields.task')}</dt>
              <dd>
                {viewPage ? (
                  <Link as={RouterLink} href={`/tasks/viewTask/${action.taskId}`}>
                    {t('list.taskLink', { id: action.taskId })}
                  </Link>
                ) : (
                  t('list.taskLink', { id: action.taskId })
                )}
                <span className={classes.muted}> · {t(`origin.${action.origin}`)}</span>
              </dd>
            </div>
            <div>
              <dt>{t('fields.owner')}</dt>
              <dd>{action.owner ? <Bdi>{action.owner.name}</Bdi> : t('list.noOwner')}</dd>
            </div>
            <div>
              <dt>{t('fields.dueAt')}</dt>
              <dd>{fmt.date(action.dueAt)}</dd>
            </div>
            <div>
              <dt>{t('fields.note')}</dt>
              <dd className={classes.preWrap}>
                {action.note ? <Bdi>{action.note}</Bdi> : <span className={classes.muted}>{t('details.noNote')}</span>}
              </dd>
            </div>
            <div>
              <dt>{t('fields.createdAt')}</dt>
              <dd>{fmt.dateTime(action.createdAt)}</dd>
            </div>
            {action.doneAt && (
              <div>
                <dt>{t('fields.completion')}</dt>
                <dd>
                  {t('details.doneBy', { name: action.doneBy?.name ?? '—', at: fmt.dateTime(action.doneAt) })}
                  {action.completionNote && (
                    <div className={classes.preWrap} data-testid="completion-note">
                      <Bdi>{action.completionNote}</Bdi>
                    </div>
                  )}
                </dd>
              </div>
            )}
            {action.doneAt && (
              <div>
                <dt>{t('fields.evidence')}</dt>
                <dd>
                  {action.evidence.length === 0 ? (
                    <span className={classes.muted}>{t('details.noEvidence')}</span>
                  ) : (
                    <ul className={classes.fileList}>
                      {action.evidence.map((f) => (
                        <li key={f.id}>
                          <Link href={`/api/files/${f.id}`} target="_blank" rel="noreferrer">
                            <PaperclipIcon size={12} /> <Bdi>{f.name}</Bdi>
                          </Link>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            )}
            {action.verifiedAt && (
              <div>
                <dt>{t('fields.verification')}</dt>
                <dd>
                  {action.verifiedByTaskId !== null
                    ? t('details.verifiedByTask', { id: action.verifiedByTaskId, at: fmt.dateTime(action.verifiedAt) })
                    : t('details.verifiedBy', {
                        name: action.verifiedBy?.name ?? '—',
                        at: fmt.dateTime(action.verifiedAt),
                      })}
                </dd>
              </div>
            )}
            {action.cancelReason && (
              <div>
                <dt>{t('fields.cancelReason')}</dt>
                <dd className={classes.preWrap}>
                  <Bdi>{action.cancelReason}</Bdi>
                </dd>
              </div>
            )}
          </dl>

          {action.status === 'open' && can('complete', 'CorrectiveAction', recordOf(action)) && (
            <form
              className={classes.form}
              onSubmit={(e) => void onComplete(e)}
              aria-labelledby={`${formId}-complete`}
              noValidate
            >
              <h3 id={`${formId}-complete`} className={classes.sectionTitle}>
                {t('complete.title')}
              </h3>
              <FormControl required>
                <FormControl.Label>{t('complete.note')}</FormControl.Label>
                <Textarea
                  block
                  rows={3}
                  value={completionNote}
                  onChange={(e) => setCompletionNote(e.target.value)}
                  validationStatus={fieldError('note') ? 'error' : undefined}
                />
                <FormControl.Caption>{t('complete.noteHint')}</FormControl.Caption>
                {fieldError('note') && (
                  <FormControl.Validation variant="error">{fieldError('note')}</FormControl.Validation>
                )}
              </FormControl>
              <div role="group" aria-labelledby={`${formId}-files`} className={classes.filesGroup}>
                <Text as="p" id={`${formId}-files`} weight="semibold" size="medium">
                  {t('complete.files')}
                </Text>
                <FilePicker
                  label={t('complete.chooseFiles')}
                  hint={t('complete.filesHint')}
                  multiple
                  disabled={busy}
                  loading={uploading !== null}
                  onFiles={(chosen) => void addFiles(chosen)}
                />
                {fieldError('fileIds') && (
                  <Text as="p" role="alert" className={classes.errorText}>
                    {fieldError('fileIds')}
                  </Text>
                )}
              </div>
              {uploading && (
                <Text as="p" role="status" className={classes.muted}>
                  {t('complete.uploading', { name: uploading })}
                </Text>
              )}
              {uploadError && (
                <Text as="p" role="alert" className={classes.errorText}>
                  {uploadError}
                </Text>
              )}
              {files.length > 0 && (
                <ul className={classes.fileList}>
                  {files.map((f) => (
                    <li key={f.id} className={classes.fileItem}>
                      <PaperclipIcon size={12} /> <Bdi>{f.name}</Bdi>
                      <IconButton
                        icon={XIcon}
                        size="small"
                        variant="invisible"
                        aria-label={t('complete.remove', { name: f.name })}
                        onClick={() => setFiles((current) => current.filter((c) => c.id !== f.id))}
                      />
                    </li>
                  ))}
                </ul>
              )}
              <div>
                <Button type="submit" variant="primary" loading={complete.isPending} disabled={busy}>
                  {t('complete.submit')}
                </Button>
              </div>
            </form>
          )}

          {action.status === 'done' && can('verify', 'CorrectiveAction', recordOf(action)) && fixedByMe && (
            <Text as="p" className={classes.muted}>
              {t('verify.ownFix')}
            </Text>
          )}
          {action.status === 'done' && can('verify', 'CorrectiveAction', recordOf(action)) && !fixedByMe && (
            <div className={classes.form}>
              <Text as="p" className={classes.muted}>
                {t('verify.hint')}
              </Text>
              <div>
                <Button variant="primary" onClick={() => void onVerify()} loading={verify.isPending} disabled={busy}>
                  {t('verify.submit')}
                </Button>
              </div>
            </div>
          )}

          {mayEdit && draft && (
            <form
              className={classes.form}
              onSubmit={(e) => void onSave(e)}
              aria-labelledby={`${formId}-edit`}
              noValidate
            >
              <h3 id={`${formId}-edit`} className={classes.sectionTitle}>
                {t('edit.title')}
              </h3>
              {readsUsers && (
                <FormControl>
                  <FormControl.Label>{t('fields.owner')}</FormControl.Label>
                  <Select
                    block
                    value={draft.ownerId}
                    onChange={(e) => setDraft({ ...draft, ownerId: e.target.value })}
                    validationStatus={fieldError('ownerId') ? 'error' : undefined}
                  >
                    {!draft.ownerId && <Select.Option value="">{t('list.noOwner')}</Select.Option>}
                    {action.owner && !(users.data?.items ?? []).some((u) => u.id === action.owner?.id) && (
                      <Select.Option value={String(action.owner.id)}>{action.owner.name}</Select.Option>
                    )}
                    {(users.data?.items ?? []).map((u) => (
                      <Select.Option key={u.id} value={String(u.id)}>
                        {u.fullName}
                      </Select.Option>
                    ))}
                  </Select>
                  {fieldError('ownerId') && (
                    <FormControl.Validation variant="error">{fieldError('ownerId')}</FormControl.Validation>
                  )}
                </FormControl>
              )}
              <FormControl>
                <FormControl.Label>{t('fields.dueAt')}</FormControl.Label>
                <TextInput
                  type="date"
                  value={draft.dueAt}
                  onChange={(e) => setDraft({ ...draft, dueAt: e.target.value })}
                  validationStatus={fieldError('dueAt') ? 'error' : undefined}
                />
                {fieldError('dueAt') && (
                  <FormControl.Validation variant="error">{fieldError('dueAt')}</FormControl.Validation>
                )}
              </FormControl>
              <FormControl>
                <FormControl.Label>{t('fields.note')}</FormControl.Label>
                <Textarea
                  block
                  rows={2}
                  value={draft.note}
                  onChange={(e) => setDraft({ ...draft, note: e.target.value })}
                />
              </FormControl>
              <div>
                <Button type="submit" loading={update.isPending} disabled={busy || !editDirty}>
                  {t('edit.save')}
                </Button>
              </div>
            </form>
          )}

          {(action.status === 'open' || action.status === 'done') &&
            can('cancel', 'CorrectiveAction', recordOf(action)) && (
              <form
                className={classes.form}
                onSubmit={(e) => void onCancel(e)}
                aria-labelledby={`${formId}-cancel`}
                noValidate
              >
                <h3 id={`${formId}-cancel`} className={classes.sectionTitle}>
                  {t('cancel.title')}
                </h3>
                <FormControl required>
                  <FormControl.Label>{t('cancel.reason')}</FormControl.Label>
                  <Textarea
                    block
                    rows={2}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    validationStatus={fieldError('reason') ? 'error' : undefined}
                  />
                  {fieldError('reason') && (
                    <FormControl.Validation variant="error">{fieldError('reason')}</FormControl.Validation>
                  )}
                </FormControl>
                <div>
                  <Button type="submit" variant="danger" loading={cancel.isPending} disabled={busy}>
                    {t('cancel.submit')}
                  </Button>
                </div>
              </form>
            )}
        </div>
      )}
    </Dialog>
  );
}
