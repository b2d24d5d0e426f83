import { Banner, Button, Heading, Label, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TSchemeDetail, TSchemeStatus } from '../../../../shared/schemas/schemes.ts';
import { useFormatters } from '../../../lib/format.ts';
import { SchemeToolbar, type SchemeToolbarProps } from './SchemeToolbar.tsx';
import type { SchemeActions } from './useSchemeActions.ts';
import classes from './SchemeEditor.module.css';

export const SCHEME_STATUS_VARIANT: Record<TSchemeStatus, 'attention' | 'success' | 'secondary'> = {
  draft: 'attention',
  published: 'success',
  archived: 'secondary',
};

export interface SchemeEditorHeaderProps extends SchemeToolbarProps {
  sectionCount: number;
  /** Whether this version saves itself (an editable draft). */
  autosave: boolean;
  /** When this editor last saved it. */
  savedAt: Date | null;
}

/** Name, status, version, dates and counts of the open version, its save status, with its toolbar. */
export function SchemeEditorHeader({ sectionCount, autosave, savedAt, ...toolbar }: SchemeEditorHeaderProps) {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const { detail } = toolbar;
  return (
    <header className={classes.header}>
      <div className={classes.titleBlock}>
        <Heading as="h1" className={classes.title}>
          <bdi>{detail.name}</bdi>
        </Heading>
        <span className={classes.meta}>
          <Label variant={SCHEME_STATUS_VARIANT[detail.status]}>{t(`schemes.status.${detail.status}`)}</Label>
          <Text>{t('schemes.versionN', { version: detail.version })}</Text>
          {detail.publishedAt && (
            <Text className={classes.muted}>{t('schemes.publishedOn', { date: fmt.date(detail.publishedAt) })}</Text>
          )}
          <Text className={classes.muted}>
            {t('schemes.counts', {
              sections: t('schemes.sectionCount', { count: sectionCount }),
              questions: t('schemes.questionCount', { count: toolbar.questionCount }),
            })}
          </Text>
        </span>
        {autosave && <SchemeSaveStatus state={toolbar.actions.autosave} dirty={toolbar.dirty} savedAt={savedAt} />}
      </div>
      <SchemeToolbar {...toolbar} />
    </header>
  );
}

/**
 * Where the draft's automatic saving stands, in a polite live region: saving, saved at a time, or not
 * saved with what to do (Retry; show the fields to fix). Unsaved changes waiting for their save are
 * shown beside it, not announced.
 */
function SchemeSaveStatus({
  state,
  dirty,
  savedAt,
}: {
  state: SchemeActions['autosave'];
  dirty: boolean;
  savedAt: Date | null;
}) {
  const { t, i18n } = useTranslation('business');
  const time = savedAt
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(savedAt)
    : '';
  const message =
    state.state === 'saving'
      ? t('schemes.autosave.saving')
      : state.state === 'failed'
        ? t('schemes.autosave.failed')
        : state.state === 'invalid'
          ? t('schemes.autosave.invalid')
          : state.state === 'stale'
            ? t('schemes.autosave.stale')
            : !dirty && savedAt
              ? t('schemes.autosave.savedAt', { time })
              : '';
  const pending = dirty && state.state === 'idle';
  return (
    <div className={classes.saveStatus} data-state={state.state}>
      <span
        role="status"
        className={state.state === 'failed' || state.state === 'invalid' ? classes.saveProblem : undefined}
      >
        {message}
      </span>
      {pending && <Text className={classes.muted}>{t('schemes.autosave.pending')}</Text>}
      {(state.state === 'failed' || state.state === 'invalid') && (
        <Button size="small" onClick={state.retry}>
          {state.state === 'failed' ? t('schemes.autosave.retry') : t('schemes.autosave.showProblems')}
        </Button>
      )}
      {state.state === 'failed' && state.error && <Text className={classes.muted}>{state.error}</Text>}
    </div>
  );
}

export interface SchemeStatusNotesProps {
  detail: TSchemeDetail;
  readOnly: boolean;
  formError: string | null;
  onOpen: (id: number) => void;
}

/** What the version's state means for editing: published (edits make a new version), older, refused. */
export function SchemeStatusNotes({ detail, readOnly, formError, onOpen }: SchemeStatusNotesProps) {
  const { t } = useTranslation('business');
  const latest = detail.versions[0];
  return (
    <>
      {detail.status === 'published' && !readOnly && (
        <Banner variant="info" title={t('schemes.publishedNote', { next: detail.version + 1 })} hideTitle={false} />
      )}
      {!detail.isLatest && latest && (
        <Banner
          variant="warning"
          title={t('schemes.olderVersion', { version: latest.version })}
          hideTitle={false}
          primaryAction={
            <Banner.PrimaryAction onClick={() => onOpen(latest.id)}>{t('schemes.openLatest')}</Banner.PrimaryAction>
          }
        />
      )}
      {formError && <Banner variant="critical" title={formError} hideTitle={false} aria-live="assertive" />}
    </>
  );
}
