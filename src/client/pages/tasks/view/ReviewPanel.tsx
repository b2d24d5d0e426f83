import { CheckIcon, XIcon } from '@primer/octicons-react';
import { Banner, Button, Dialog, FormControl, Textarea } from '@primer/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isStaleRecordError } from '../../../../shared/errors.ts';
import type { TTaskDetail } from '../../../../shared/schemas/tasks.ts';
import type { NoticeApi } from '../../../components/ListPage/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import type { useReviewDraft } from './useReviewDraft.ts';
import classes from './View.module.css';

type Draft = ReturnType<typeof useReviewDraft>;

/**
 * Approve (an optional comment) or reject (a required reason, plus the per-question comments written
 * in the answers) a submitted task. Shown only to a reviewer who did not perform it; the server checks
 * the same rules. Both send the task's version, so a review of a changed task is refused, not applied.
 */
export function ReviewPanel({ task, draft, notices }: { task: TTaskDetail; draft: Draft; notices: NoticeApi }) {
  const { t } = useTranslation('review');
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const utils = trpc.useUtils();
  const done = async () => {
    draft.clear();
    setOpen(null);
    await Promise.all([
      utils.tasks.byId.invalidate({ id: task.id }),
      utils.tasks.history.invalidate({ id: task.id }),
      utils.tasks.list.invalidate(),
    ]);
  };
  const approve = trpc.tasks.approve.useMutation();
  const reject = trpc.tasks.reject.useMutation();
  const commentCount = Object.values(draft.draft.questionComments).filter((c) => c.trim()).length;

  return (
    <section aria-labelledby="task-review" className={classes.card}>
      <h2 id="task-review" className={classes.cardHeading}>
        {t('review.heading')}
      </h2>
      <p className={classes.muted}>{t('review.intro')}</p>
      {commentCount > 0 && <p>{t('review.questionComments', { count: commentCount })}</p>}
      <div className={classes.buttons}>
        <Button variant="primary" leadingVisual={CheckIcon} onClick={() => setOpen('approve')}>
          {t('review.approve')}
        </Button>
        <Button variant="danger" leadingVisual={XIcon} onClick={() => setOpen('reject')}>
          {t('review.reject')}
        </Button>
      </div>
      {open === 'approve' && (
        <ReviewDialog
          title={t('review.approveTitle')}
          confirm={t('review.confirmApprove')}
          field={{
            label: t('review.comment'),
            value: draft.draft.comment,
            onChange: (comment) => draft.update({ comment }),
            required: false,
          }}
          busy={approve.isPending}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            await approve.mutateAsync({
              id: task.id,
              version: task.version,
              comment: draft.draft.comment.trim() || undefined,
            });
            notices.success(t('review.approved'));
            await done();
          }}
          onStale={() => void utils.tasks.byId.invalidate({ id: task.id })}
        />
      )}
      {open === 'reject' && (
        <ReviewDialog
          title={t('review.rejectTitle')}
          confirm={t('review.confirmReject')}
          danger
          field={{
            label: t('review.reason'),
            hint: t('review.reasonHint'),
            value: draft.draft.reason,
            onChange: (reason) => draft.update({ reason }),
            required: true,
          }}
          extra={commentCount > 0 ? t('review.questionComments', { count: commentCount }) : undefined}
          busy={reject.isPending}
          onClose={() => setOpen(null)}
          onConfirm={async () => {
            const questionComments = Object.entries(draft.draft.questionComments)
              .filter(([, comment]) => comment.trim())
              .map(([questionKey, comment]) => ({ questionKey, comment: comment.trim() }));
            await reject.mutateAsync({
              id: task.id,
              version: task.version,
              reason: draft.draft.reason.trim(),
              questionComments,
            });
            notices.success(t('review.rejected'));
            await done();
          }}
          onStale={() => void utils.tasks.byId.invalidate({ id: task.id })}
        />
      )}
    </section>
  );
}

interface DialogProps {
  title: string;
  confirm: string;
  danger?: boolean;
  field: { label: string; hint?: string; value: string; onChange: (value: string) => void; required: boolean };
  extra?: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => Promise<void>;
  onStale: () => void;
}

function ReviewDialog({ title, confirm, danger, field, extra, busy, onClose, onConfirm, onStale }: DialogProps) {
  const { t } = useTranslation('review');
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const submit = async () => {
    if (field.required && !field.value.trim()) {
      setMissing(true);
      return;
    }
    setError(null);
    try {
      await onConfirm();
    } catch (e) {
      if (isStaleRecordError(e)) onStale();
      setError(errorText.error(e));
    }
  };
  return (
    <Dialog
      title={title}
      onClose={onClose}
      footerButtons={[
        { content: t('review.cancel'), onClick: onClose, disabled: busy },
        { content: confirm, buttonType: danger ? 'danger' : 'primary', onClick: () => void submit(), loading: busy },
      ]}
    >
      <div className={classes.dialogBody}>
        {error && <Banner variant="critical" title={error} hideTitle={false} />}
        <FormControl required={field.required}>
          <FormControl.Label>{field.label}</FormControl.Label>
          <Textarea
            block
            rows={4}
            maxLength={2000}
            value={field.value}
            validationStatus={missing && !field.value.trim() ? 'error' : undefined}
            onChange={(e) => {
              field.onChange(e.target.value);
              if (e.target.value.trim()) setMissing(false);
            }}
          />
          {field.hint && <FormControl.Caption>{field.hint}</FormControl.Caption>}
          {missing && !field.value.trim() && (
            <FormControl.Validation variant="error">{t('review.reasonRequired')}</FormControl.Validation>
          )}
        </FormControl>
        {extra && <p className={classes.muted}>{extra}</p>}
      </div>
    </Dialog>
  );
}
