import { ArrowLeftIcon } from '@primer/octicons-react';
import { Banner, Button, SegmentedControl, Spinner } from '@primer/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TSchemeDetail } from '../../../../shared/schemas/schemes.ts';
import { StaleRecordBanner } from '../../../components/FormDialog/index.ts';
import { type NoticeApi, NoticeArea } from '../../../components/ListPage/index.ts';
import { useUnsavedChangesGuard } from '../../../components/UnsavedChanges/index.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { trpc } from '../../../lib/trpc.ts';
import { SchemeEditorHeader, SchemeStatusNotes } from './SchemeEditorHeader.tsx';
import { SchemeGeneralFields } from './SchemeGeneralFields.tsx';
import { SchemePreview } from './SchemePreview.tsx';
import { SchemeSectionList } from './SchemeSectionList.tsx';
import { questionCount } from './scheme-draft.ts';
import { useExpandedQuestions } from './useExpandedQuestions.ts';
import { useFocusTarget } from './useFocusTarget.ts';
import { useSchemeAccess, useSchemeActions } from './useSchemeActions.ts';
import { useSchemeDraft } from './useSchemeDraft.ts';
import classes from './SchemeEditor.module.css';

export interface SchemeEditorProps {
  id: number;
  /** Back to the list. */
  onBack: () => void;
  /** Open another version (or the new version an edit created). */
  onOpen: (id: number) => void;
  notices: NoticeApi;
}

/** Loads one scheme version and shows its editor (or read-only view). */
export function SchemeEditor({ id, onBack, onOpen, notices }: SchemeEditorProps) {
  const { t } = useTranslation('business');
  const errorText = useErrorText();
  const detail = trpc.schemes.byId.useQuery({ id });
  // The editor starts afresh on the server's version only when told to (publish, archive, reload after
  // a conflict): its own saves update the cached version and must not throw away what is being typed.
  const [epoch, setEpoch] = useState(0);
  if (detail.error) {
    return (
      <div className={classes.editor}>
        <Button leadingVisual={ArrowLeftIcon} variant="invisible" onClick={onBack} className={classes.back}>
          {t('schemes.backToList')}
        </Button>
        <Banner variant="critical" title={t('loadFailed')} description={errorText.error(detail.error)} />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <div className={classes.loading}>
        <Spinner srText={t('loading')} />
      </div>
    );
  }
  return (
    <SchemeEditorForm
      key={`${detail.data.id}:${epoch}`}
      detail={detail.data}
      onBack={onBack}
      onOpen={onOpen}
      notices={notices}
      restart={() => setEpoch((n) => n + 1)}
    />
  );
}

/** One loaded version: header and toolbar, notes, then the structure editor or the preview. */
function SchemeEditorForm({
  detail,
  onBack,
  onOpen,
  notices,
  restart,
}: Omit<SchemeEditorProps, 'id'> & { detail: TSchemeDetail; restart: () => void }) {
  const { t } = useTranslation('business');
  const access = useSchemeAccess(detail);
  const { readOnly } = access;
  const scheme = useSchemeDraft(detail);
  const { form, draft, dirty } = scheme;
  // Leaving with unsaved changes (another page, another version, back, reload) asks first.
  const guard = useUnsavedChangesGuard(dirty);
  const autosave = !readOnly && detail.status === 'draft';
  const actions = useSchemeActions({ detail, scheme, notices, onBack, onOpen, restart, guard, autosave });
  const [tab, setTab] = useState<'edit' | 'preview'>(readOnly ? 'preview' : 'edit');
  const expanded = useExpandedQuestions();
  const { root, focusLater } = useFocusTarget();

  // A refused save shows the structure and focuses the first field in error.
  useEffect(() => {
    if (!form.failedSubmits) return;
    setTab('edit');
    requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }, [form.failedSubmits, root]);

  return (
    <div className={classes.editor} ref={root}>
      <Button
        leadingVisual={ArrowLeftIcon}
        variant="invisible"
        onClick={() => void actions.back()}
        className={classes.back}
      >
        {t('schemes.backToList')}
      </Button>
      <SchemeEditorHeader
        detail={detail}
        access={access}
        actions={actions}
        dirty={dirty}
        saving={form.submitting}
        autosave={autosave}
        savedAt={scheme.savedAt}
        sectionCount={draft.sections.length}
        questionCount={questionCount(draft)}
        onOpen={onOpen}
      />
      <NoticeArea notices={notices} />
      <SchemeStatusNotes detail={detail} readOnly={readOnly} formError={form.formError} onOpen={onOpen} />
      {actions.stale && (
        <StaleRecordBanner
          error={actions.stale.error}
          busy={actions.stale.busy}
          onOverwrite={actions.stale.overwrite}
          onReload={actions.stale.reload}
        />
      )}

      <SegmentedControl aria-label={t('schemes.view')} onChange={(i) => setTab(i === 0 ? 'edit' : 'preview')}>
        <SegmentedControl.Button selected={tab === 'edit'}>
          {readOnly ? t('schemes.structure') : t('schemes.edit')}
        </SegmentedControl.Button>
        <SegmentedControl.Button selected={tab === 'preview'}>{t('schemes.preview')}</SegmentedControl.Button>
      </SegmentedControl>

      {tab === 'preview' ? (
        <SchemePreview draft={draft} />
      ) : (
        <form
          className={classes.form}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void actions.save();
          }}
        >
          <SchemeGeneralFields form={form} readOnly={readOnly} />
          <SchemeSectionList scheme={scheme} readOnly={readOnly} expanded={expanded} focusLater={focusLater} />
        </form>
      )}
      {actions.dialog}
    </div>
  );
}
