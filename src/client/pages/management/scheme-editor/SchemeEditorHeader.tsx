import { Banner, Heading, Label, Text } from '@primer/react';
import { useTranslation } from 'react-i18next';
import type { TSchemeDetail, TSchemeStatus } from '../../../../shared/schemas/schemes.ts';
import { useFormatters } from '../../../lib/format.ts';
import { SchemeToolbar, type SchemeToolbarProps } from './SchemeToolbar.tsx';
import classes from './SchemeEditor.module.css';

export const SCHEME_STATUS_VARIANT: Record<TSchemeStatus, 'attention' | 'success' | 'secondary'> = {
  draft: 'attention',
  published: 'success',
  archived: 'secondary',
};

export interface SchemeEditorHeaderProps extends SchemeToolbarProps {
  sectionCount: number;
}

/** Name, status, version, dates and counts of the open version, with its toolbar. */
export function SchemeEditorHeader({ sectionCount, ...toolbar }: SchemeEditorHeaderProps) {
  const { t } = useTranslation('business');
  const fmt = useFormatters();
  const { detail } = toolbar;
  return (
    <header className={classes.header}>
      <div className={classes.titleBlock}>
        <Heading as="h1" className={classes.title}>
          {detail.name}
        </Heading>
        <span className={classes.meta}>
          <Label variant={SCHEME_STATUS_VARIANT[detail.status]}>{t(`schemes.status.${detail.status}`)}</Label>
          <Text>{t('schemes.versionN', { version: detail.version })}</Text>
          {detail.publishedAt && <Text className={classes.muted}>{t('schemes.publishedOn', { date: fmt.date(detail.publishedAt) })}</Text>}
          <Text className={classes.muted}>{t('schemes.counts', { sections: sectionCount, questions: toolbar.questionCount })}</Text>
        </span>
      </div>
      <SchemeToolbar {...toolbar} />
    </header>
  );
}

export interface SchemeStatusNotesProps {
  detail: TSchemeDetail;
  readOnly: boolean;
  dirty: boolean;
  formError: string | null;
  onOpen: (id: number) => void;
}

/** What the version's state means for editing: published (edits make a new version), unsaved, older, refused. */
export function SchemeStatusNotes({ detail, readOnly, dirty, formError, onOpen }: SchemeStatusNotesProps) {
  const { t } = useTranslation('business');
  const latest = detail.versions[0];
  return (
    <>
      {detail.status === 'published' && !readOnly && <Banner variant="info" title={t('schemes.publishedNote', { next: detail.version + 1 })} hideTitle={false} />}
      {detail.status === 'draft' && dirty && <Text className={classes.muted}>{t('schemes.publishNeedsSave')}</Text>}
      {!detail.isLatest && latest && (
        <Banner
          variant="warning"
          title={t('schemes.olderVersion', { version: latest.version })}
          hideTitle={false}
          primaryAction={<Banner.PrimaryAction onClick={() => onOpen(latest.id)}>{t('schemes.openLatest')}</Banner.PrimaryAction>}
        />
      )}
      {formError && <Banner variant="critical" title={formError} hideTitle={false} aria-live="assertive" />}
    </>
  );
}
